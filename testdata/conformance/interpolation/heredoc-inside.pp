notice("${ @(X) }")
text
X
