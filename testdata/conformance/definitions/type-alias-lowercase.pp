type a = Integer
