"""The Pitfalls lab's parts: the mistakes on one ranked list (`one_list`) and the mistakes over
a whole collection (`collection`)."""
