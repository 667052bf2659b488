class init {}
