Service['c'] <- File['b'] <~ Package['a']
