"""The Library conventions page's parts: the Playground's list under every tool's preset with
why they differ, and the known disagreements between tools, each worked on its own list."""
