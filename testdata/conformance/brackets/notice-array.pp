notice [1]
