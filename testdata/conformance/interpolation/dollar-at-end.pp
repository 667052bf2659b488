notice("cost $")
