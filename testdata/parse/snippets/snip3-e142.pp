node @(X) { }
abc
X
