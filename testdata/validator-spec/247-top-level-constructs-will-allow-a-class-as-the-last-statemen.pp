$a = 10
class x{}
