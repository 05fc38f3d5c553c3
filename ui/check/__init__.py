"""The Check my answer page's parts: the list to check on (the Playground's or one typed here),
the measure and the value typed, and the diagnosis (rendered by ui.shared.answers)."""
