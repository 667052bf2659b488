class pattern {}
