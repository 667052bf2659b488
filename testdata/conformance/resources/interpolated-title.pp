$a = 'x'
file { "/tmp/${a}": }
