$x = @(X:JSON)
X
