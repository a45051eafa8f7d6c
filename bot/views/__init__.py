"""Rendering: rule results and state turned into locale text arguments."""
