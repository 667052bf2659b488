define init {}
