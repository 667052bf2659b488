class a { file { 'x': ensure => present } 
 notice 'x' }