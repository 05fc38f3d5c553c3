"""What several pages share: the declared page state (state), the one link codec (link) and the
list of every page's model (models)."""
