$title = 1
