$café = 1
