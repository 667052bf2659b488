Resource['foo::bar'] { 'x': }
