$x = 1 ]# Müller
