"""What the Learn pages teach with: the catalogue of mistakes (`pitfalls`) and their runnable
programs (`snippets`), which conventions or mistakes reproduce a number (`diagnose`), worked
examples and known disagreements between tools (`demos`), generated exercises (`exercises`),
the checking of answers to them (`answers`) and conventions said in words (`phrasing`). Built on
`rankwork.core` only.
"""
