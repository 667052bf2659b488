class tuple {}
