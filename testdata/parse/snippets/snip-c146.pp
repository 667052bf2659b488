$x = @(X:j)
END
X
