notice[1]
