[File['a'], File['b']] -> Class['x']
