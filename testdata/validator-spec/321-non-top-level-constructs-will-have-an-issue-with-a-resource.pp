Notify { message => 'yo' }
