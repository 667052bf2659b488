define x{}
