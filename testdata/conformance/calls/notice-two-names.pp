notice foo 1
