$0 = 'x' # want "[$]0 is a regex capture variable.*Numeric variables are not assignable"
$facts = {} # want "[$]facts is reserved for facts and cannot be reassigned"
$trusted = {} # want "[$]trusted is reserved for facts"
$server_facts = {} # want "[$]server_facts is reserved for trusted server facts"
$title = 'x' # want "[$]title is reserved: it is the title of a class or defined type, and cannot be assigned at top scope"
$name = 'x' # want "[$]name is reserved: it is a synonym for [$]title"
$hostname = 'x' # want "[$]hostname is a fact, and facts are reserved at top scope.*Cannot reassign variable '[$]hostname'"
$environment = 'x' # want "[$]environment is one of Puppet's built-in variables"
$clientcert = 'x' # want "[$]clientcert is one of Puppet's built-in variables"
$ipaddress_eth0 = 'x' # want "[$]ipaddress_eth0 is a fact"
[$osfamily, $ok] = ['x', 'y'] # want "[$]osfamily is a fact"
# fine
notice($facts['os'], $trusted['certname'], $hostname)
$hostnames = ['a']
$my_facts = $facts
node default {
  $hostname = 'x'
  $environment = 'y'
}
