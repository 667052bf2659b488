$a = 10
node x{}
