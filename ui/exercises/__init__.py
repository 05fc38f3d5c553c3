"""The Exercises page's parts (app_pages/exercises.py lays them out).

- round_state: the round's declared state (ui.shared.state), its settings' widgets and its link
- questions: one exercise with its answer boxes, feedback and worked solution; the downloads
"""
