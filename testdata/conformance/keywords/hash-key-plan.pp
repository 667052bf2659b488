$x = {plan => 1}
