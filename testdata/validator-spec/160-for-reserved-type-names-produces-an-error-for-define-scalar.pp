define scalar {}
