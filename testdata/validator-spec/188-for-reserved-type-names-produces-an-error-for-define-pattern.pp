define pattern {}
