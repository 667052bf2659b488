class float {}
