[1].each |$x| { file { "/tmp/${x}": } }
