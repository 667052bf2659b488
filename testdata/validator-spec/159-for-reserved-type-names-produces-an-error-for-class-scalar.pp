class scalar {}
