$a = [[1, 2] , [3]] # want "bracket, punctuation mark, closing quote or newline right after a closing bracket"
$b = [[1, 2], [3]]
$c = [1, 2].join(',')
