Sshkey <<| |>>
