define float {}
