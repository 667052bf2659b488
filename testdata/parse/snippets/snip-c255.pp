notice @(X)
abc
X
]