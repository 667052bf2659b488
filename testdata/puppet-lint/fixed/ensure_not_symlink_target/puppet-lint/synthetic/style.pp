# A file written for the differential test: style problems of every kind.
class synthetic::style ( $a = "plain", $b ) {
	$tabbed = 1
   $odd = 2  
  $x = "${a}"
  $y = "text $a here"
  $z = 'single ${a}'
  file { "/tmp/x":
    ensure => present,
    mode => 644,
    owner   => 'root',
    source => "puppet:///foo/bar",
  }
  file { $b: ensure => symlink,
 target => '/etc/target', mode  => '0644' }
  $long = 'a very long string that goes well beyond the limit of one hundred and forty characters for sure, yes indeed it does, count them'
  $heredoc = @(END)
    text with trailing blanks   
	and a tab
    | END
  /* star comment */
  case $a { 'x': { notice(1) } }
  $bool = 'true'
  Package['a'] <- Service['b']
}
node foo { }
	 
$end = 1 
