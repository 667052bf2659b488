$t = 'file'
$t { '/x': }
