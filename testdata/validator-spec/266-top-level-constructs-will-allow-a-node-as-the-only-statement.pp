node x{}
