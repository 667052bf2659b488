Nagios_host <<| tag == 'x' |>>
