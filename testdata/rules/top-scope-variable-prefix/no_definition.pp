# Without a class or defined type in the file, the plugin checks nothing.
$port = $::apache::port
