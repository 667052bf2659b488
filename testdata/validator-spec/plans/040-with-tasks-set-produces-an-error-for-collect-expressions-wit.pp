User <<| title == 'admin' |>>
