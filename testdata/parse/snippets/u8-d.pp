/* Müller */ $x = 1
