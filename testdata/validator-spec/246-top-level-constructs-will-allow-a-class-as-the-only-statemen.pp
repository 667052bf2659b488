class x{}
