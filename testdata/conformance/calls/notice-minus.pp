notice -1
