# Français : le vocabulaire des fiches de règles (../shared/rules/sources) et du glossaire
# d'INTERFACE.md. Chaque clé est aussi dans en.ftl (un test le vérifie).
# Les nombres passés comme nombres sont écrits à la française (1 000) ; les ids, en texte.

## Jeux, rangs et valeurs des mains

game-seven-card-stud = Stud à sept cartes
game-razz = Razz
game-stud-hi-lo = Stud Hi-Lo
game-five-card-stud = Stud à cinq cartes
game-triple-draw = 2-7 Triple Draw
game-mixed = Jeux mixtes
game-dealers-choice = Choix du donneur
game-all = Tous les jeux

title-stud = { $game } { $small }/{ $big }{ $ante ->
    [0] {""}
   *[other] , ante { $ante }
}, bring-in { $bring_in }
title-blinds = { $game } { $small }/{ $big }, blindes { $sb }/{ $bb }
title-practice = { $title } · jetons d'entraînement
title-mix = { $mix } { $small }/{ $big }

rank-2 = Deux
rank-3 = Trois
rank-4 = Quatre
rank-5 = Cinq
rank-6 = Six
rank-7 = Sept
rank-8 = Huit
rank-9 = Neuf
rank-10 = Dix
rank-11 = Valet
rank-12 = Dame
rank-13 = Roi
rank-14 = As
rank-small-2 = deux
rank-small-3 = trois
rank-small-4 = quatre
rank-small-5 = cinq
rank-small-6 = six
rank-small-7 = sept
rank-small-8 = huit
rank-small-9 = neuf
rank-small-10 = dix
rank-small-11 = valet
rank-small-12 = dame
rank-small-13 = roi
rank-small-14 = as
ranks-2 = Deux
ranks-3 = Trois
ranks-4 = Quatre
ranks-5 = Cinq
ranks-6 = Six
ranks-7 = Sept
ranks-8 = Huit
ranks-9 = Neuf
ranks-10 = Dix
ranks-11 = Valets
ranks-12 = Dames
ranks-13 = Rois
ranks-14 = As

hand-high-card = Hauteur { $name }
hand-pair = Paire { $rank ->
    [14] d'As
   *[other] de { $names }
}
hand-two-pair = Deux paires, { $names } et { $second_names }
hand-trips = Brelan { $rank ->
    [14] d'As
   *[other] de { $names }
}
hand-straight = Quinte hauteur { $name }
hand-flush = Couleur hauteur { $name }
hand-full-house = Full aux { $names } par les { $second_names }
hand-quads = Carré { $rank ->
    [14] d'As
   *[other] de { $names }
}
hand-straight-flush = Quinte flush hauteur { $name }
hand-royal-flush = Quinte flush royale
hand-low = Low { $cards }
hand-no-low = pas de low
hand-no-low-yet = pas encore de low
hand-deuce-seven = Low { $cards }
hand-deuce-seven-ace = Hauteur As, sans paire ({ $cards })
hand-unknown = main non montrée
## La valeur d'une main dans une phrase (« gagne 30 avec ... ») : les mêmes faits, avec leur article
hand-high-card-with = { $name } hauteur
hand-pair-with = une paire { $rank ->
    [14] d'as
   *[other] de { $names }
}
hand-two-pair-with = deux paires, { $names } et { $second_names }
hand-trips-with = un brelan { $rank ->
    [14] d'as
   *[other] de { $names }
}
hand-straight-with = une quinte hauteur { $name }
hand-flush-with = une couleur hauteur { $name }
hand-full-house-with = un full aux { $names } par les { $second_names }
hand-quads-with = un carré { $rank ->
    [14] d'as
   *[other] de { $names }
}
hand-straight-flush-with = une quinte flush hauteur { $name }
hand-royal-flush-with = une quinte flush royale
hand-low-with = { $cards }
hand-deuce-seven-with = un low { $cards }
hand-deuce-seven-ace-with = As hauteur, sans paire ({ $cards })

## Streets (les fiches disent « troisième street »)

street-seven-card-stud-0 = 3e street
street-seven-card-stud-1 = 4e street
street-seven-card-stud-2 = 5e street
street-seven-card-stud-3 = 6e street
street-seven-card-stud-4 = 7e street
street-razz-0 = 3e street
street-razz-1 = 4e street
street-razz-2 = 5e street
street-razz-3 = 6e street
street-razz-4 = 7e street
street-stud-hi-lo-0 = 3e street
street-stud-hi-lo-1 = 4e street
street-stud-hi-lo-2 = 5e street
street-stud-hi-lo-3 = 6e street
street-stud-hi-lo-4 = 7e street
street-five-card-stud-0 = 2e street
street-five-card-stud-1 = 3e street
street-five-card-stud-2 = 4e street
street-five-card-stud-3 = 5e street
street-triple-draw-0 = Avant le premier tirage
street-triple-draw-1 = Après le premier tirage
street-triple-draw-2 = Après le deuxième tirage
street-triple-draw-3 = Après le troisième tirage
street-triple-draw-drawing-1 = Premier tirage
street-triple-draw-drawing-2 = Deuxième tirage
street-triple-draw-drawing-3 = Troisième tirage

## Actions

act = { $act }{ $all_in ->
    [yes] {" "}(à tapis)
   *[no] {""}
}{ $clock ->
    [yes] {" "}(temps écoulé)
   *[no] {""}
}
act-fold = se couche
act-check = checke
act-call = suit { $amount }
act-bet = mise { $amount }
act-raise = relance à { $amount }
act-complete = complète à { $amount }
act-bring-in = paie le bring-in de { $amount }
act-draw = { $count ->
    [0] joue servi
    [one] écarte { $count } carte
   *[other] écarte { $count } { $count ->
    [one] carte
   *[other] cartes
}
}
forced-ante = paie l'ante de { $amount }
forced-small-blind = paie la petite blinde de { $amount }
forced-big-blind = paie la grosse blinde de { $amount }
forced-bring-in = paie le bring-in de { $amount }
recent-action = { $name } { $what }

button-fold = Se coucher
button-check = Parole
button-call = Suivre { $amount }
button-bet = Miser { $amount }
button-raise = Relancer à { $amount }
button-complete = Compléter à { $amount }
button-bring-in = Bring-in { $amount }
button-draw = Écarter
button-join = Rejoindre
button-leave = Quitter
button-start = Démarrer
button-my-cards = Mes cartes
button-choose = Choisir le jeu
button-stand-pat = Servi
button-confirm = Confirmer
button-cancel = Annuler
button-leave-fold = Partir quand même
button-stay = Rester
button-previous = Précédent
button-next = Suivant
draw-placeholder = Cartes à écarter
choose-placeholder = Le jeu du prochain tour de table

## Le message de la table

hand-number = Main #{ $hand }
seat-line = { $pointer } Siège { $number } **{ $name }** { $stack }
seat-folded = couché
seat-bet = mise { $amount }
seat-all-in = à tapis
seat-sitting-out = absent
seat-leaving = s'en va
seat-button = bouton
seat-drew = { $count ->
    [0] servi
   *[other] { $count }
}
seat-draws = tirages : { $draws }
table-board = Carte commune : { $cards }
table-pot = Pot : { $amount }
table-side-pot = pot secondaire { $number } : { $amount }
table-recent = Dernières actions : { $more ->
    [yes] …{" "}
   *[no] {""}
}{ $actions }
table-recent-before = -# { $street } : { $actions }
turn = { $mention }, à toi de jouer{ $need ->
    [draw] {" "}: écarte ou joue servi
    [call] {" "}: { $amount } à suivre
   *[none] {""}
}{ $clock ->
    [bank] {" "}· temps additionnel, fin { $deadline }
    [clock] {" "}· fin du temps { $deadline }
   *[none] {""}
}.
table-commitment = -# Empreinte : { $commitment }
table-next-commitment = -# Empreinte de la main suivante : { $commitment }
private-next-commitment = -# { $commitment } · empreinte de la main suivante
table-restarted = Le croupier a redémarré ; la partie reprend là où elle en était.
turn-notice = { $mention }, à toi de jouer (Main #{ $hand }) : { $link }
turn-notice-here = { $mention }, à toi de jouer (Main #{ $hand }).
turn-computer = { $name } réfléchit.
status-closed = Cette table est fermée.
status-closing = Fermeture après cette main.
status-next-hand = Main suivante dans un instant.
status-choosing = Choix du donneur : { $mention } choisit le jeu du prochain tour de table · fin du temps { $deadline }.
status-ready = Tout est prêt : appuie sur Démarrer pour distribuer.
status-computers = Des joueurs ordinateur sont assis : appuie sur Démarrer pour t'asseoir et distribuer.
status-person-needed = Les joueurs ordinateur ne jouent pas seuls : il faut qu'une personne joue la main.{ $why ->
    [sitting] {" "}Absents : { $names } (/poker retour pour jouer).
    [short] {" "}Mises obligatoires non couvertes : { $names } (/poker rejoindre pour recaver).
   *[none] {" "}Appuie sur Rejoindre.
}
status-waiting = { $seated ->
    [0] Il faut 2 joueurs : appuie sur Rejoindre.
   *[other] Il manque { $missing } { $missing ->
        [one] joueur
       *[other] joueurs
    } : appuie sur Rejoindre.
}{ $sitting ->
    [none] {""}
   *[other] {" "}Absents : { $sitting } (/poker retour pour jouer).
}
status-short = Il manque { $missing } { $missing ->
    [one] joueur
   *[other] joueurs
} : appuie sur Rejoindre. { $names } { $count ->
    [one] ne peut
   *[other] ne peuvent
} pas payer les mises obligatoires ({ $minimum } { $minimum ->
    [one] jeton
   *[other] jetons
}) : /poker rejoindre pour recaver.

## Mains privées (MP et réponses éphémères)

card-down = { $card } (cachée)
private-hand = { $channel } · Main #{ $hand } · { $street }
    Tes cartes : { $cards }
    { $value }{ $has_low ->
        [yes] {" "}· { $low }
       *[no] {""}
    }
private-swap = Ton tirage : { $thrown } → { $got }
private-pat = Tu as joué servi.
draw-now = Tes cartes : { $cards }
dm-refused = { $mention }, je ne peux pas t'écrire en MP : utilise Mes cartes ou /poker cartes.
dm-try-again = -# Tes prochaines cartes te seront de nouveau envoyées en MP, si tes MP sont ouverts aux membres de ce serveur.
player-settings = { $saved ->
        [yes] C'est noté. Tes préférences :
       *[no] Tes préférences :
    }
    Cartes en quatre couleurs : { $four_colour ->
        [yes] oui (♠ noir, ♥ rouge, ♦ bleu, ♣ vert)
       *[no] non (♠ ♣ noirs, ♥ ♦ rouges)
    }, dans les images de tes propres cartes (MP, Mes cartes, l'écart). Les résumés gardent deux couleurs : tout le monde les voit.
    Tes MP sont en { $language ->
        [fr] français
       *[en] anglais
    } : la langue de ton Discord la dernière fois que tu as utilisé le bot.
    Changer : /poker préférences quatre_couleurs
draw-prompt = Choisis les cartes à écarter, ou joue servi.
choose-prompt = À toi de choisir le jeu du prochain tour de table (une main par joueur qui reçoit des cartes) · fin du temps { $deadline }.
choose-timed-out = Temps écoulé : on joue au { $game }, le jeu suivant de la liste.
choose-done = Tu as choisi : { $game }.
picture-down = cachée
picture-seat = { $acting ->
    [yes] ▶{" "}
   *[no] {""}
}{ $number } · { $name } · { $stack }
picture-pot = Pot { $amount }
picture-board = Carte commune
picture-shared = Carte commune, partagée par tous les joueurs
draw-done = { $count ->
    [0] Tu joues servi.
    [one] Tu as écarté { $count } carte.
   *[other] Tu as écarté { $count } { $count ->
    [one] carte
   *[other] cartes
}.
}

## Résumés et annonces

summary-head = **Main #{ $hand }** · { $title }
summary-folded-out = Tous les autres se sont couchés : aucune carte montrée.
summary-board = Carte commune, partagée par tous les joueurs : { $cards }
summary-shows = { $name } montre { $cards } : { $value }{ $has_low ->
    [yes] {" "}· { $low }
   *[no] {""}
}
summary-no-low = Pas de low : aucune main n'a cinq cartes de 8 ou moins, de rangs tous différents ; le high remporte { $pots ->
    [one] tout le pot
   *[other] chaque pot en entier
}.
summary-pot-name = { $which ->
    [main] Pot principal
   *[side] Pot secondaire { $number }
} :{" "}
summary-wins = { $pot }{ $names } { $count ->
    [one] gagne
   *[other] partagent
} { $amount }{ $has_value ->
    [yes] {" "}avec { $value }
   *[no] {""}
}.
summary-uncalled = { $names } reprend la mise que personne n'a suivie : il n'y avait pas de pot à gagner.
summary-scoops = { $pot }{ $names } rafle { $amount } : le high et le low.
summary-halves = { $pot }{ $high_names } { $high_count ->
    [one] prend
   *[other] partagent
} la moitié high ({ $high_amount }) avec { $high_value }, { $low_names } la moitié low ({ $low_amount }) avec { $low_value }.
summary-stacks = Tapis : { $stacks }
name-chips = { $name } { $chips }
notice-left = { $name } quitte la table avec { $chips } { $chips ->
    [one] jeton
   *[other] jetons
}.
notice-sat-out = { $name } a dépassé son temps deux fois et ne reçoit plus de cartes : /poker retour pour rejouer.
notice-closing = La table ferme après cette main.
notice-choosing = { $mention }, à toi de choisir le jeu (choix du donneur) : appuie sur **Choisir le jeu** sur le message de la table.
notice-game-chosen = { $clock ->
        [yes] Temps écoulé : on joue au { $game }, le jeu suivant de la liste
       *[no] { $name } a choisi le { $game }
    }, pour { $hands } { $hands ->
        [one] main
       *[other] mains
    }.
notice-closed = Table fermée. Retour aux portefeuilles : { $anyone ->
    [yes] { $paid }
   *[no] personne n'était assis
}.
notice-closed-idle = Table fermée : aucune main distribuée depuis { $minutes } { $minutes ->
    [one] minute
   *[other] minutes
}. Retour aux portefeuilles : { $anyone ->
    [yes] { $paid }
   *[no] personne n'était assis
}.
notice-hand-voided = Le croupier a redémarré et n'a pas pu reprendre la main #{ $hand } : elle est annulée, tous les jetons misés ont été rendus (les tapis sont revenus à leur état d'avant la main).
notice-halted = Cette table n'arrive plus à enregistrer ses modifications : elle ne distribue plus. Les jetons restent tels qu'au dernier enregistrement. Un admin du serveur doit prévenir la personne qui gère le bot (documentation du bot : docs/operations.md, sauvegardes).
picture-value = { $value }{ $has_low ->
    [yes] {" "}· { $low }
   *[no] {""}
}{ $won ->
    [0] {""}
   *[other] {" "}· { $half ->
        [both] rafle { $won }
        [high] gagne { $won } (high)
        [low] gagne { $won } (low)
       *[all] gagne { $won }
    }
}

## Refus

error-refused = Impossible pour l'instant ; rien n'a changé.
error-internal = Une erreur s'est produite ; rien n'a changé.
error-table-elsewhere = Cette table est gérée par une autre instance du bot : réessaie dans quelques secondes.
error-slow-down = Pas si vite : ce serveur autorise { $limit } commandes et clics par minute. Rien n'a été fait ; réessaie { $retry }.
error-bots-practice = Les joueurs ordinateur jouent avec des jetons d'entraînement, et les joueurs de cette table ont misé les jetons de leur portefeuille : ouvre une table avec des ordinateurs (/poker nouvelle bots:3) pour jouer contre eux. Rien n'a changé.
error-seat-limit = Tu es déjà assis à { $limit } { $limit ->
    [one] table
   *[other] tables
} sur ce serveur : quitte-en une d'abord (/poker quitter), ou demande à un admin de relever la limite.
error-host-limit = Tu es déjà l'hôte de { $limit } { $limit ->
    [one] table
   *[other] tables
} sur ce serveur : ferme-en une d'abord (/poker fermer), ou demande à un admin de relever la limite.
error-table-halted = Cette table ne distribue plus : elle n'arrive plus à enregistrer ses modifications. Rien n'a été fait ; un admin du serveur doit prévenir la personne qui gère le bot.
error-option-choice = `{ $option }` doit être l'un de ces choix : { $choices }. Rien n'a été fait.
error-option-range = `{ $option }` doit être compris entre { $low } et { $high } : rien n'a été fait.
error-unknown-button = Ce bouton n'est plus valable.
error-server-only = Les tables s'ouvrent dans les salons d'un serveur.
error-wallets-server-only = Les portefeuilles appartiennent aux serveurs : demande dans un salon du serveur.
error-not-seated = Tu n'es pas assis à cette table : utilise Rejoindre ou /poker rejoindre.
error-not-dealt-current = Tu regardes cette main : seuls ses joueurs ont des cartes. Pour jouer, /poker rejoindre maintenant (ou Rejoindre entre deux mains) : tu reçois des cartes dès la main suivante.
error-no-hand-now = Aucune main n'est en cours : tes cartes arrivent à la prochaine donne.
error-dealt-next = Tu es assis : tu reçois des cartes dès la main suivante.
error-closing-no-buy-in = Cette table ferme : plus de cave.
error-table-full = La table est complète ({ $seats } { $seats ->
    [one] siège
   *[other] sièges
}).
error-buy-in-short = Tu as { $balance } { $balance ->
    [one] jeton
   *[other] jetons
} ; la cave minimale ici est de { $minimum } { $minimum ->
    [one] jeton
   *[other] jetons
}.
error-buy-in-range = La cave ici va de { $low } à { $high } { $high ->
    [one] jeton
   *[other] jetons
}.
error-already-seated = Tu es déjà assis (siège { $seat }, { $stack } { $stack ->
    [one] jeton
   *[other] jetons
}). Pour recaver entre deux mains : /poker rejoindre cave (jusqu'à { $room }).
error-top-up-in-hand = Tu peux recaver entre deux mains, pas pendant une main où tu as des cartes.
error-top-up-range = Tu peux ajouter de 1 à { $room } { $room ->
    [one] jeton
   *[other] jetons
} (le maximum est { $high }).
error-already-leaving = Tu pars déjà : ton tapis revient après cette main.
error-already-sitting-out = Tu es déjà absent : /poker retour pour rejouer.
error-not-sitting-out = Tu n'es pas absent.
error-table-closing = Cette table ferme.
error-already-running = La partie est déjà lancée.
error-host-starts = Seul l'hôte peut démarrer avant que deux joueurs soient assis.
error-two-players = Il faut deux joueurs assis qui couvrent les mises obligatoires ({ $minimum } { $minimum ->
    [one] jeton
   *[other] jetons
}) pour démarrer.
error-host-ends = Seul l'hôte ou quelqu'un avec Gérer le serveur peut fermer la table.
error-host-bots = Seul l'hôte ou quelqu'un avec Gérer le serveur peut ajouter des joueurs ordinateur.
error-bots-room = Il y a de la place pour { $most } { $most ->
    [one] joueur ordinateur
   *[other] joueurs ordinateur
} ici : un siège reste pour chaque personne assise, et au moins un.
error-person-needed = Les joueurs ordinateur ne jouent pas seuls : il faut une personne assise et pas absente.
error-computers-in-hand = La table est complète et ses joueurs ordinateur sont tous dans cette main : appuie sur Rejoindre quand elle est finie, et l'un d'eux te laissera sa place.
error-already-closing = Cette table ferme déjà après la main en cours.
error-no-hand-prompt = Aucune main en cours : ce bouton n'est plus valable.
error-not-dealt = Tu regardes cette main : seuls ses joueurs y jouent. Pour jouer, /poker rejoindre maintenant (ou Rejoindre entre deux mains) : tu reçois des cartes dès la main suivante.
error-not-your-turn = Ce n'est pas à toi de jouer.
error-not-your-choice = C'est à { $name } de choisir.
error-not-a-game = Ce jeu n'est pas joué à cette table.
error-stale-prompt = Ce bouton n'est plus valable : la table a avancé.
error-channel-has-table = Ce salon a déjà une table : utilise-la, ou ferme-la d'abord avec /poker fermer.
error-see-table = { $reason }
    { $link }
error-no-table = Il n'y a pas de table dans ce salon : ouvre-en une avec /poker nouvelle.
error-restarting = Le croupier redémarre : réessaie dans quelques secondes.
error-table-closed = Cette table est fermée : ouvre-en une nouvelle avec /poker nouvelle.
error-old-table-button = Ce bouton appartient à une table qui n'est plus là.
error-not-saved = Le croupier n'a pas pu enregistrer cela, donc rien n'a changé. Réessaie.
error-no-draw = Il n'y a pas de tirage dans ce jeu, ou pas maintenant.
error-pick-cards = Choisis de 1 à { $most } de tes cartes.
error-hand-over = La main est terminée.
error-cap-reached = Les enchères sont plafonnées pour ce tour : une mise et trois relances.
error-wrong-amount = Ce montant n'est pas permis à cette limite.
error-invalid-draw = Tu ne peux écarter que des cartes que tu as, chacune une fois.
error-action-not-allowed = Cette action n'est pas permise maintenant.
error-invalid-card = Ce n'est pas une de tes cartes.
error-insufficient-chips = Tu as { $balance } { $balance ->
    [one] jeton
   *[other] jetons
} et tu en demandes { $asked }.
error-give-yourself = Tu ne peux pas te donner de jetons à toi-même.
error-give-nothing = Donne au moins 1 jeton.
error-gift-made = Ce don a déjà été fait.
error-give-bot = Les bots n'ont pas de portefeuille : donne tes jetons à un joueur.
error-give-too-much = Tu as { $wallet } { $wallet ->
    [one] jeton
   *[other] jetons
} : tu ne peux pas en donner { $amount }.
error-gift-not-yours = Seul le donateur peut confirmer ou annuler ce don.
error-gift-forged = Cette offre de don n'est pas valable : fais-en une nouvelle avec /poker donner.
error-daily-too-soon = Tu as déjà eu tes jetons du jour : les prochains arrivent { $due }.
error-ledger-others = Seuls les membres avec Gérer le serveur peuvent lire le registre d'un autre.
error-permissions = Je ne peux pas distribuer ici, il me manque dans ce salon : { $missing }. Demande à un admin du serveur de me les accorder, ou ouvre la table ailleurs.
permission-view-channel = Voir le salon
permission-send-messages = Envoyer des messages
permission-send-in-threads = Envoyer des messages dans les fils
permission-embed-links = Intégrer des liens
permission-attach-files = Joindre des fichiers
permission-read-history = Voir les anciens messages
error-tables-elsewhere = Sur ce serveur, les tables s'ouvrent dans { $channels }.
error-settings = Ces réglages ne vont pas : { $problems }
error-no-such-hand = Il n'y a pas de main #{ $hand } sur ce serveur.
error-hand-voided = La main #{ $hand } a été annulée après un redémarrage : elle n'a pas d'historique.
error-history-in-play = La main #{ $hand } est encore en cours : son historique sera prêt quand elle finira.
error-hand-unreadable = L'historique de la main #{ $hand } est illisible, désolé.
error-not-your-hand = Tu n'avais pas de cartes dans la main #{ $hand } : seuls ses joueurs peuvent lire son historique ou vérifier sa donne.
error-no-hands-yet = Tu n'as encore aucune main terminée aux tables de ce salon.
error-last-range = Demande de 1 à { $limit } { $limit ->
    [one] main
   *[other] mains
}.
error-verify-in-play = La main #{ $hand } est encore en cours : ses graines seront révélées à la fin, pour que personne ne puisse connaître les cartes à venir.
engine-small-bet-minimum = la petite mise doit être d'au moins 2 jetons
engine-bring-in-range = le bring-in doit aller de 1 à { $high } { $high ->
    [one] jeton
   *[other] jetons
} (moins que la petite mise)
engine-ante-range = l'ante doit aller de 0 à { $high } { $high ->
    [one] jeton
   *[other] jetons
}
engine-blinds-only = { $game } se joue avec des blindes, sans ante ni bring-in
engine-small-bet-even = la petite mise (la grosse blinde) doit être paire : la petite blinde en est la moitié
engine-seed-format = Une graine fait de 1 à { $limit } caractères : lettres, chiffres et ponctuation, sans espace ni accent grave.
stakes-small-bet-minimum = { engine-small-bet-minimum }
stakes-bring-in-range = { engine-bring-in-range }
stakes-ante-range = { engine-ante-range }
stakes-blinds-only = { engine-blinds-only }
stakes-small-bet-even = { engine-small-bet-even }
option-max-players = joueurs_max doit aller de { $low } à { $high } ({ $game })
option-min-buy-in = cave_min doit être d'au moins { $minimum } (les mises obligatoires)
option-max-buy-in = cave_max doit être d'au moins cave_min ({ $minimum })
option-buy-in = la cave doit être d'au moins { $minimum } jetons
option-time-zone = { $zone } n'est pas un fuseau horaire : donnez son nom IANA, comme Europe/Paris ou America/Montreal
option-start-one = donnez le début par début_à (AAAA-MM-JJ HH:MM) ou début_dans (minutes), l'un des deux
option-starts-at = { $given } n'est pas une heure de début : écrivez-la AAAA-MM-JJ HH:MM, comme 2026-12-04 21:00
option-start-past = le début doit être dans le futur
option-start-far = le début doit être dans les { $days } jours
option-bots = bots doit valoir au plus { $most } (un siège reste pour une personne)
option-games = jeux doit nommer au moins deux jeux, chacun une seule fois
option-games-unknown = « { $name } » n'est pas un jeu proposé ici ; jeux possibles : { $games }
option-at-least = { $option } : doit être d'au moins { $limit }
option-at-most = { $option } : doit être d'au plus { $limit }
option-other = { $option } : { $problem }
setting-small-bet = la petite mise de { $game } doit aller de 2 à { $high }
setting-clock = l'horloge de { $game } doit aller de 10 à 600 secondes
setting-game-defaults = { $game } : { $problems }

## Réponses

seated = Tu es au siège { $seat } avec { $chips } { $chips ->
    [one] jeton
   *[other] jetons
}.
seated-ahead = Tu es au siège { $seat } avec { $chips } { $chips ->
    [one] jeton
   *[other] jetons
} : tu reçois des cartes dès la main suivante.
    -# Empreinte de la main suivante : { $commitment }
left-after-hand = Tu pars après cette main : ton tapis retournera alors dans ton portefeuille.
left-now = Tu as quitté la table : ton tapis est de retour dans ton portefeuille.
leave-confirm = Tu es encore dans cette main : si tu pars, le croupier joue pour toi à ton tour (il checke quand c'est gratuit, sinon il se couche), et ton tapis retourne dans ton portefeuille à la fin de la main.
leave-stayed = Tu restes.
help-menu = Un autre sujet
help-title-start = Ouvrir une table
help-title-play = Jouer une main
help-title-chips = Les jetons
help-title-fairness = Donnes vérifiables
help-title-admins = Pour les admins du serveur
help-start = **Ouvrir une table**
    1. Dans un salon, tape `/poker nouvelle` et choisis un jeu : Stud à sept cartes, Razz, Stud Hi-Lo, Stud à cinq cartes ou 2-7 Triple Draw. Les mises, les caves, les sièges et l'horloge ont des valeurs par défaut raisonnables. `jeu:mixed` fait tourner plusieurs jeux (`jeux`, `mains_par_jeu`) ; avec `jeu:dealers_choice`, chaque joueur choisit à son tour le jeu du prochain tour de table.
    2. Pour jouer, appuie sur **Rejoindre** sur le message de la table (ou `/poker rejoindre`) : les jetons passent de ton portefeuille à la table.
    3. Dès que deux joueurs sont assis, **Démarrer** distribue la première main ; les mains s'enchaînent ensuite toutes seules.
    4. `/poker fermer` (l'hôte) ferme la table après la main ; `/poker quitter` te fait partir avec ton tapis.
    Seul ? `/poker nouvelle bots:3`, puis **Démarrer** : tu joues contre trois joueurs ordinateur (🤖), `facile`, `standard` ou `fort` (`/poker bots` change leur nombre ou leur niveau).
    Un sit & go ? `/poker tournoi nouveau` : chacun appuie sur **S'inscrire** (la cave va dans la cagnotte), les mises montent toutes les quelques mains, et le dernier joueur qui a des jetons gagne la cagnotte.
    Les règles de chaque jeu : `/poker règles`, et les pages de règles du bot (docs/rules/fr/).
help-play = **Jouer une main**
    · Le message de la table montre les sièges, les cartes visibles, le pot et ce qui s'est passé dans ce tour. Quand c'est à toi de jouer, un message te notifie et tes boutons apparaissent : **Se coucher**, **Parole**, **Suivre**, **Miser**, **Relancer**, **Bring-in**, **Compléter** ou **Écarter**, avec leurs montants.
    · Tes cartes arrivent en MP, avec une image ; **Mes cartes** (ou `/poker cartes`) te les montre à nouveau, en privé, à tout moment.
    · L'horloge sous la ligne du tour décompte ; à zéro, ton temps additionnel démarre, puis le croupier checke pour toi si c'est gratuit, sinon te couche. Deux fois de suite et tu passes absent (`/poker retour` pour rejouer).
    · `/poker notifier non` arrête les notifications sur ce serveur ; `/poker notifier oui` les remet.
    · `/poker absent` te fait sauter les mains à partir de la prochaine ; `/poker quitter` te demande d'abord si tu es encore dans la main.
help-chips = **Les jetons**
    · Chaque membre a un portefeuille par serveur, ouvert avec un solde de départ. `/poker solde` le montre, avec tes jetons sur les tables.
    · `/poker quotidien` ajoute des jetons une fois toutes les 24 heures ; `/poker donner` en donne à un autre membre (tu confirmes d'abord).
    · `/poker classement`, `/poker stats` et `/poker registre` montrent les plus riches, ta façon de jouer et chaque mouvement de ton portefeuille.
    · Les jetons sont pour le plaisir : ils ne s'achètent pas et ne s'encaissent pas.
    · Une table ou un sit & go avec des joueurs ordinateur se joue en jetons d'entraînement : rien ne sort de ton portefeuille ni n'y arrive, et cela compte à part dans tes stats. Les admins d'un serveur peuvent choisir des jetons réels (`/poker-admin config`) : ce qu'un membre gagne à ces tables est alors plafonné chaque jour, et le reste retourne à la maison.
help-fairness = **Donnes vérifiables**
    · Avant qu'une main soit distribuée, le message de la table montre son empreinte : un condensé (SHA-256) de la graine secrète du croupier, fixée avant que chacun apporte sa part au mélange.
    · La part de chaque joueur est sa `/poker graine`, sinon l'identifiant de son dernier clic à la table : le croupier ne peut pas la connaître d'avance.
    · Après la main, `/poker vérifier main` montre les graines et tout le paquet : chaque joueur de la main peut vérifier l'empreinte et refaire le mélange. On y voit toutes les cartes, même couchées : seuls les joueurs de la main peuvent le demander.
    · `/poker historique` te donne une main que tu as jouée, en récit et en fichier PHH.
help-admins = **Pour les admins du serveur** (Gérer le serveur)
    · `/poker-admin réglages` montre et change les réglages du serveur : solde de départ, jetons du jour, jeu et mises par défaut, horloge, salons où ouvrir des tables, langue des messages publics, images des tables, limites par membre et fermeture des tables inactives.
    · `/poker-admin accorder` et `/poker-admin retirer` font passer des jetons entre la maison et un membre ; chaque mouvement est au registre.
    · `/poker-admin saison commencer` et `/poker-admin saison terminer` : les saisons des classements (`/poker classement classement:points` ou `classement:cash`), chacune repartant de zéro, portefeuilles remis au solde de départ si tu le choisis.
    · `/poker fermer` ferme n'importe quelle table après sa main. Dans son salon, le bot a besoin de Voir le salon, Envoyer des messages, Intégrer des liens, Joindre des fichiers et Voir les anciens messages (Envoyer des messages dans les fils pour un fil) : `/poker nouvelle` dit ce qui manque.
welcome = Bonjour ! Je distribue des parties de poker dans les salons de ce serveur : Stud à sept cartes, Razz, Stud Hi-Lo, Stud à cinq cartes et 2-7 Triple Draw. Pour jouer, tape `/poker nouvelle` dans un salon, puis appuie sur Rejoindre ; `/poker aide` explique le reste.
ended-after-hand = C'est fait : le salon a été prévenu.
tournament-cancel-done = C'est fait : le sit & go est annulé, et le salon apprend ce que chaque inscrit récupère.
ended-now = La table est fermée ; chaque tapis est de retour dans son portefeuille.
sat-out = Tu es absent dès la prochaine main : /poker retour pour rejouer.
welcome-back = Bon retour : tu reçois des cartes dès la prochaine main.
seed-random = Ta graine est maintenant tirée au hasard à chaque main.
seed-set = Dès ta prochaine main, ta graine sera `{ $seed }` ; tu la retrouveras avec /poker vérifier.
notify-state = { $on ->
    [yes] Quand c'est à toi de jouer à une table de ce serveur, un message te notifie (le précédent disparaît). Pour couper ces notifications : /poker notifier non
   *[no] Tu ne reçois pas de notification quand c'est à toi de jouer sur ce serveur : surveille la ligne du tour sur la table. Pour remettre ces notifications : /poker notifier oui
}
verify-no-seeds = La main #{ $hand } a été distribuée avant que les donnes soient vérifiables ici : elle n'a pas de graines à révéler. Son paquet était : { $deck }
verify = **Main #{ $hand }** : la donne révélée
    Graine du serveur : `{ $server }`
    Empreinte : `{ $commitment }`
    Graines des joueurs, dans l'ordre de la donne : { $seeds }
    Numéro de main dans le mélange : { $shuffle_hand }
    Algorithme : `{ $version }` (documentation du bot : docs/fairness.md)
    Paquet, dans l'ordre de la donne : { $deck }
    Vérifier l'empreinte : `printf { $server } | xxd -r -p | sha256sum`
    Le paquet révèle toutes les cartes de la main, y compris celles des joueurs couchés et les cartes écartées : seuls les joueurs de la main et les membres avec Gérer le serveur peuvent le voir.
    { $check ->
        [same] J'ai remélangé à partir de ces graines : le même paquet.
        [other] J'ai remélangé à partir de ces graines et obtenu UN AUTRE paquet : signale-le, s'il te plaît.
       *[broken] Ces graines n'ont pas pu être remélangées : signale-le, s'il te plaît.
    }

## Portefeuilles

wallet-chips = { $chips } { $chips ->
    [one] jeton
   *[other] jetons
}{ $on_tables ->
    [0] {""}
   *[other] {" "}({ $on_tables } de plus sur les tables)
}
wallet-of = { $mention } : { $wallet }
daily-claimed = +{ $amount } { $amount ->
    [one] jeton
   *[other] jetons
} : tu as { $wallet } { $wallet ->
    [one] jeton
   *[other] jetons
}. Prochains jetons du jour { $due }.
gift-offer = Donner { $amount } { $amount ->
    [one] jeton
   *[other] jetons
} à { $mention } ? Cette offre expire { $due }.
gift-cancelled = Don annulé.
gift-expired = Cette offre a expiré : rien n'a été donné. Refais /poker donner.
gift-given = Tu as donné { $amount } { $amount ->
    [one] jeton
   *[other] jetons
} à { $mention } : tu as { $wallet } { $wallet ->
    [one] jeton
   *[other] jetons
}.
board-head = **Classement** · page { $page } sur { $pages }
board-line = { $rank }. { $mention } { $chips } { $chips ->
    [one] jeton
   *[other] jetons
}{ $on_tables ->
    [0] {""}
   *[other] {" "}({ $on_tables } sur les tables)
}
board-empty = Pas encore de portefeuille : /poker quotidien ou /poker rejoindre en ouvre un.
board-you = Toi : #{ $rank }, { $chips } { $chips ->
    [one] jeton
   *[other] jetons
}
ledger-head = **Registre de { $mention }** · page { $page } sur { $pages }
ledger-tournament = sit & go #{ $tournament }
ledger-after = solde { $balance }
signed = { $sign ->
    [plus] +{ $amount }
   *[minus] -{ $amount }
}
signed-decimal = { $sign ->
    [plus] +{ NUMBER($amount, minimumFractionDigits: 1, maximumFractionDigits: 1) }
   *[minus] -{ NUMBER($amount, minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
reason-open = portefeuille ouvert
reason-daily = jetons du jour
reason-give = don à
reason-gift = don de
reason-grant = accordé par
reason-take = retiré par
reason-buy-in = cave
reason-cash-out = retour de la table
reason-house-cap = au-delà du plafond du jour des gains contre les ordinateurs
reason-hand-voided = main annulée
stats-head = **Statistiques de { $mention }**
stats-empty = Aucune main finie pour l'instant.
stats-line = { $game } : { $hands } { $hands ->
    [one] main
   *[other] mains
} · jouées { $played } % · gagnées { $won } · abattages { $showdowns } (gagnés { $showdowns_won }) · net { $net } ({ $per_100 } grosses mises / 100 mains) · plus gros pot gagné { $biggest }

## Fiches de règles (RULES.md)

rules-common = {"**"}Limite fixe** : chaque mise et relance vaut exactement la taille du tour ; une mise et trois relances par tour. Un tapis incomplet ne rouvre pas les enchères ; pots secondaires. En cas d'égalité, le pot est partagé ; les jetons insécables vont d'abord au premier joueur à gauche du bouton.
rules-read = -# Toutes les règles, dans le dépôt du bot : { $page } (sections 1 à 8) et { $house } (les règles de la maison : horloge, absents, départs, redémarrages).
rules-read-mixed = -# Toutes les règles, dans le dépôt du bot : { $mix } (jeux mixtes), { $page } (ce jeu, sections 1 à 8) et { $house } (les règles de la maison : horloge, absents, départs, redémarrages).
rules-mixed = **Jeux mixtes** : { $games }, { $hands } { $hands ->
        [one] main
       *[other] mains
    } chacun, à tour de rôle ; le jeu ne change qu'entre deux mains. Une seule petite mise pour tous les jeux (la grosse mise vaut le double), chaque jeu avec ses mises obligatoires ; le bouton avance à chaque main, même en stud. Le jeu en cours :
rules-dealers-choice = **Choix du donneur** parmi { $games } : avant chaque tour de table (une main par joueur qui reçoit des cartes), les joueurs choisissent le jeu à tour de rôle, dans le temps de l'horloge ; quand il est écoulé, on joue le jeu suivant de la liste. Une seule petite mise pour tous les jeux (la grosse mise vaut le double), chaque jeu avec ses mises obligatoires. Le jeu en cours :
rules-seven-card-stud = {"**"}Stud à sept cartes**
    {"**"}Mises obligatoires :** chacun paie l'ante (un dixième de la petite mise) ; la plus petite carte visible paie le bring-in (un quart de la petite mise). L'As est haut ; à rang égal : trèfle < carreau < cœur < pique.
    {"**"}Donne :** deux cartes cachées et une visible ; puis 4e, 5e et 6e street visibles, 7e cachée. Si le paquet ne suffit pas, une carte commune est partagée.
    {"**"}Qui parle en premier :** le joueur du bring-in en 3e street (il le paie ou complète, sans pouvoir se coucher) ; dès la quatrième street, la meilleure main visible (paires et brelans comptent, pas les quintes ni les couleurs), à égalité le plus petit siège.
    {"**"}Limites :** petite mise en 3e et 4e, grosse mise en 5e, 6e et 7e.
    {"**"}Abattage :** les cinq meilleures de tes sept cartes, high. Le dernier à miser ou relancer montre en premier ; sans mise, le premier à parler.
rules-razz = {"**"}Razz** (le Stud à sept cartes où la main la plus basse gagne)
    {"**"}Mises obligatoires :** chacun paie l'ante ; la plus *haute* carte visible paie le bring-in (l'As est bas, donc le Roi est la plus haute ; à rang égal : pique > cœur > carreau > trèfle). De 2 à 8 joueurs.
    {"**"}Donne :** comme au Stud à sept cartes : deux cachées et une visible ; 4e, 5e et 6e street visibles, 7e cachée.
    {"**"}Qui parle en premier :** le joueur du bring-in en 3e street ; dès la quatrième street, la meilleure main visible *basse* : les plus petites cartes, As bas, les paires comptent contre elle ; à égalité le plus petit siège.
    {"**"}Limites :** petite mise en 3e et 4e, grosse mise en 5e, 6e et 7e.
    {"**"}Abattage :** tes cinq plus petites cartes de rangs différents, As bas ; la main la plus basse gagne. Quintes et couleurs ne comptent pas : A-2-3-4-5 est la meilleure. Une paire ne compte que si tu ne peux pas faire cinq rangs différents.
rules-stud-hi-lo = {"**"}Stud Hi-Lo à sept cartes, huit ou mieux**
    {"**"}Mises obligatoires :** ante et bring-in comme au Stud à sept cartes ; de 2 à 6 joueurs.
    {"**"}Donne :** deux cachées et une visible ; puis trois visibles et la dernière cachée, comme au Stud à sept cartes.
    {"**"}Qui parle en premier :** le joueur du bring-in en 3e street ; puis la meilleure main visible ; à mains visibles égales, la meilleure carte visible seule, au rang puis à la couleur (pique > cœur > carreau > trèfle).
    {"**"}Limites :** petite mise en 3e et 4e, grosse mise de la 5e à la 7e.
    {"**"}Abattage :** chaque pot est partagé entre la meilleure main high et la meilleure main low. Un low, ce sont cinq rangs différents, 8 ou moins, As bas, quintes et couleurs permises : A-2-3-4-5 est le meilleur. Sans low, le high prend tout le pot. Une main peut rafler les deux moitiés.
rules-five-card-stud = {"**"}Stud à cinq cartes**
    {"**"}Mises obligatoires :** pas d'ante par défaut ; la plus petite carte visible paie le bring-in, la moitié de la petite mise (As haut ; trèfle < carreau < cœur < pique).
    {"**"}Donne :** une cachée et une visible ; puis trois autres visibles, une par tour : quatre tours d'enchères.
    {"**"}Qui parle en premier :** le joueur du bring-in en 2e street ; puis la meilleure main visible, à égalité le plus petit siège.
    {"**"}Limites :** petite mise en 2e et 3e street, grosse mise en 4e et 5e. **Paire visible :** si quelqu'un montre une paire en 3e street, chacun peut y miser ou relancer la grosse mise.
    {"**"}Abattage :** les cinq meilleures cartes, high. Le dernier relanceur montre en premier, sinon le premier miseur, sinon la meilleure main visible.
rules-triple-draw = {"**"}2-7 Triple Draw**
    {"**"}Mises obligatoires :** petite blinde à gauche du bouton (la moitié de la petite mise), grosse blinde à sa gauche (la petite mise). Le bouton avance d'un siège par main ; à deux, le bouton paie la petite blinde.
    {"**"}Donne :** cinq cartes cachées ; trois tirages, après les tours 1, 2 et 3 : écarte de 0 à 5 cartes et reçois-en autant. Si le paquet s'épuise, les écarts précédents sont remélangés, jamais les cartes qu'on vient de jeter.
    {"**"}Qui parle en premier :** à gauche de la grosse blinde au tour 1 (la grosse blinde compte comme la mise) ; dès le tour 2, le premier joueur à gauche du bouton.
    {"**"}Limites :** petite mise aux tours 1 et 2, grosse mise aux tours 3 et 4.
    {"**"}Abattage :** la main la plus basse gagne : As haut, quintes et couleurs comptent contre toi ; 7-5-4-3-2 est la meilleure, toute main sans paire bat toute paire.
rules-overview = Cinq jeux sont distribués ici : le Stud à sept cartes, le Razz, le Stud Hi-Lo (huit ou mieux), le Stud à cinq cartes et le 2-7 Triple Draw, tous en limite fixe. `/poker règles jeu` en montre un.

## Historiques des mains

replay-head = **Main #{ $hand }** · { $game } { $small }/{ $big } · { $started }
replay-tournament = Sit & go #{ $tournament } · niveau { $level }
replay-night = { $name } · table { $number } · niveau { $level }
replay-seat = { $seat } { $name } { $stack }
replay-seats = Sièges : { $seats }
replay-forced = Mises obligatoires : { $bets }
replay-board = carte commune { $cards }
replay-dealt = { $name } { $cards }
replay-uncalled = récupère sa mise non suivie ({ $amount })
replay-reshuffled = écarts remélangés dans le talon
replay-result = Résultat
error-history-both = Demande une main (main) ou tes dernières mains (dernières), pas les deux.
history-file-note = « ?? » désigne une carte que tu n'as jamais vue. /poker vérifier révèle toutes les cartes d'une main, y compris celles des joueurs couchés et les cartes écartées, mais seulement à ses joueurs.
history-last = { $count ->
    [one] Ta dernière main ici, la main #{ $newest }, dans un fichier PHH
   *[other] Tes { $count } dernières mains ici, des mains #{ $oldest } à #{ $newest }, dans un fichier PHH
} (les cartes cachées que tu n'as jamais vues sont écrites « ?? »).

## Admins du serveur

error-admin-only = Seuls les membres avec Gérer le serveur peuvent faire cela.
error-bot-wallet = Les bots n'ont pas de portefeuille.
error-amount-range = Le montant va de 1 à { $high } { $high ->
    [one] jeton
   *[other] jetons
}.
error-forbid-anywhere = Les tables sont permises partout : autorise les salons où elles peuvent s'ouvrir (tables : autoriser les tables ici), et les autres leur seront fermés.
granted = { $amount } { $amount ->
    [one] jeton
   *[other] jetons
} { $amount ->
    [one] accordé
   *[other] accordés
} à { $mention } : son portefeuille contient { $wallet } { $wallet ->
    [one] jeton
   *[other] jetons
}.
taken = { $amount } { $amount ->
    [one] jeton
   *[other] jetons
} { $amount ->
    [one] retiré
   *[other] retirés
} à { $mention } : son portefeuille contient { $wallet } { $wallet ->
    [one] jeton
   *[other] jetons
}.
game-amount = { $game } { $amount }
game-seconds = { $game } { $seconds } s
settings = **Réglages poker de ce serveur**
    Solde de départ : { $balance } { $balance ->
    [one] jeton
   *[other] jetons
}{ $bot_default ->
        [yes] {" "}(valeur par défaut du bot)
       *[no] {""}
    }
    Jetons du jour : { $daily }
    Jeu par défaut : { $game }
    Petites mises : { $has_bets ->
        [yes] { $bets }
       *[no] les valeurs par défaut de chaque jeu
    }
    Horloge : { $has_clocks ->
        [yes] { $clocks }
       *[no] 60 s dans chaque jeu
    }
    Tables permises : { $anywhere ->
        [yes] partout
       *[no] { $channels }
    }
    Langue des messages publics : { $language ->
        [en] anglais
        [fr] français
       *[auto] celle du serveur
    }
    Images de la table : { $pictures ->
        [yes] oui (tables de stud : une image des sièges et de leurs cartes à chaque tour, une modification de message de plus par tour)
       *[no] non
    }
    Tables dont un membre peut être l'hôte à la fois : { $host_tables }
    Sièges qu'un membre peut occuper à la fois : { $member_seats }
    Commandes et clics qu'un membre peut envoyer par minute : { $per_minute }
    Fermeture d'une table inactive après : { $idle } { $idle ->
    [one] minute
   *[other] minutes
}
    Tables avec des joueurs ordinateur : { $stakes ->
        [real] jetons réels ; les gains nets d'un membre y sont plafonnés à { $cap } { $cap ->
            [one] jeton
           *[other] jetons
        } par jour{ $cap_daily ->
            [yes] {" "}(les jetons du jour)
           *[no] {""}
        }, et ce qui dépasse le plafond retourne à la maison
       *[practice] jetons d'entraînement (rien de ce qui s'y gagne ou s'y perd n'atteint un portefeuille)
    }
    Fuseau horaire des débuts de tournois : { $time_zone }
    Qui peut programmer des soirées tournoi : les membres avec Gérer le serveur{ $host_role ->
        [none] {""}
       *[other] {" "}et les membres de { $host_role }
    }
language-en = Anglais
language-fr = Français
choice-tables-allow = autoriser les tables ici
choice-tables-forbid = pas de tables ici
choice-tables-anywhere = tables partout
choice-stakes-practice = jetons d'entraînement
choice-stakes-real = jetons réels, plafonnés par jour
choice-variant-mixed = Jeux mixtes (en rotation)
choice-variant-dealers-choice = Choix du donneur
choice-on = oui
bot-level-easy = facile
bot-level-standard = standard
bot-level-strong = fort
bots-set = { $count ->
    [0] Plus aucun joueur ordinateur ne s'assied ici (ceux d'une main en cours se lèvent après elle).
    [one] Un joueur ordinateur ({ $level }) est assis ici (ceux en trop se lèvent après la main en cours).
   *[other] { $count } joueurs ordinateur ({ $level }) sont assis ici (ceux en trop se lèvent après la main en cours).
}
choice-off = non

## Tournois sit & go (RULES §7)

title-night = Tournoi · { $game }
title-tournament = Sit & go · { $game }
stakes-stud = { $small }/{ $big }{ $ante ->
    [0] {""}
   *[other] , ante { $ante }
}, bring-in { $bring_in }
stakes-mixed = { $small }/{ $big }{ $ante ->
    [0] {""}
   *[other] , ante { $ante }
}
stakes-blinds = { $small }/{ $big }, blindes { $sb }/{ $bb }
place = { $place ->
    [1] 1re
   *[other] { $place }e
}
tournament-terms = { $buy_in ->
    [0] Jetons d'entraînement : pas de cave, pas de prix
   *[other] Cave { $buy_in }
} · tapis de départ { $chips } jetons de tournoi · { $seats } sièges
tournament-levels = Premiers niveaux ({ $hands } { $hands ->
    [one] main
   *[other] mains
} chacun) : { $levels }
tournament-level-item = { $level } ({ $stakes })
tournament-prizes = Prix pour { $entrants } { $entrants ->
    [one] inscrit
   *[other] inscrits
} : { $prizes }
tournament-prize-item = { $place } : { $chips }
tournament-level = **Niveau { $level }** : { $stakes } · { $left ->
    [0] dernière main du niveau
    [one] encore 1 main
   *[other] encore { $left } mains
} · niveau suivant : { $next }
tournament-level-last = **Niveau { $level }** (dernier niveau : les mises ne montent plus) : { $stakes }
rotation-line = { $now ->
        [yes] { $game } · { $left ->
            [0] dernière main
            [one] encore 1 main
           *[other] encore { $left } mains
        } · jeu suivant : { $next }
       *[no] À suivre : { $game }, { $left ->
            [one] 1 main
           *[other] { $left } mains
        } · puis { $next }
    }
choice-games = Les jeux : { $games } · chaque joueur choisit à son tour le jeu d'un tour de table
choice-line = { $game }, { $clock ->
        [yes] choisi par l'horloge à la place de { $chooser }
       *[no] choisi par { $chooser }
    } · { $now ->
        [yes] { $left ->
            [0] dernière main
            [one] encore 1 main
           *[other] encore { $left } mains
        }
       *[no] { $left ->
            [one] 1 main
           *[other] { $left } mains
        } à venir
    }
status-registering = { $entrants } { $entrants ->
    [one] inscrit
   *[other] inscrits
} sur { $seats }. Appuie sur **S'inscrire** pour participer{ $practice ->
    [yes] {""}
   *[no] {" "}(la cave va dans la cagnotte)
}. L'hôte appuie sur **Démarrer** dès qu'il y a au moins deux inscrits ; une table complète démarre aussitôt.
button-register = S'inscrire
button-unregister = Se désinscrire
button-tournament-leave = Quitter le tournoi
summary-knocked-out = { $name } sort à la { $place } place.
tournament-results = **Sit & go terminé : { $game }** · { $entrants } inscrits{ $pool ->
    [0] {""}
   *[other] {" "}· cagnotte { $pool }
} · { $hands } { $hands ->
    [one] main
   *[other] mains
} en { $minutes } min
tournament-result-line = { $place }. { $name }{ $chips ->
    [0] {""}
    [one] {" "}· { $chips } jeton
   *[other] {" "}· { $chips } jetons
}
tournament-abandoned = Personne d'encore en lice n'a joué depuis { $minutes } minutes : le sit & go s'arrête là.
tournament-cancelled-practice = Sit & go annulé (jetons d'entraînement : rien à rembourser).
tournament-cancelled = Sit & go annulé. { $started ->
    [yes] La cagnotte est partagée selon les jetons : { $paid }.
   *[no] Caves remboursées : { $paid }.
}
tournament-finish-dm = Tu termines à la { $place } place sur { $entrants } au sit & go de { $channel }.
tournament-prize-dm = Le sit & go de { $channel } est terminé : tu termines à la { $place } place et { $chips } { $chips ->
    [one] jeton est
   *[other] jetons sont
} dans ton portefeuille.
tournament-registered = Tu es inscrit : { $buy_in } { $buy_in ->
    [one] jeton est allé
   *[other] jetons sont allés
} dans la cagnotte. Bonne chance !
tournament-unregistered = Tu es désinscrit : { $chips } { $chips ->
    [one] jeton est
   *[other] jetons sont
} de retour dans ton portefeuille.
tournament-left = Tu as quitté le sit & go : le croupier joue pour toi (il checke si c'est gratuit, sinon il couche ta main) jusqu'à ce que tes jetons soient partis.
tournament-leave-confirm = Quitter un sit & go est définitif : tu continues de recevoir des cartes, le croupier paie tes mises obligatoires et checke ou couche ta main pour toi jusqu'à ce que tes jetons soient partis, et tu gardes la place que tu atteins.
tournament-opened = Sit & go ouvert : le message d'inscription est dans ce salon.
tournament-standings-head = **{ $title }** · niveau { $level } · { $left } sur { $entrants } encore en jeu
tournament-standings-registering = **{ $title }** · inscriptions : { $entrants } sur { $seats }
tournament-standings-line = { $place }. { $name } · { $chips } { $chips ->
    [one] jeton
   *[other] jetons
}
tournament-standings-out = { $place }. { $name } · éliminé
stats-practice-head = Tables d'entraînement (contre les ordinateurs, en jetons d'entraînement) :
stats-tournaments = Sit & go : { $played } { $played ->
    [one] joué
   *[other] joués
} · { $wins } { $wins ->
    [one] gagné
   *[other] gagnés
} · { $paid } { $paid ->
    [one] place payée
   *[other] places payées
} · net { $net }
reason-entry = cave de sit & go
reason-refund = remboursement de sit & go
reason-prize = prix de sit & go
error-tournament-registered = Tu es déjà inscrit à ce sit & go.
error-tournament-not-registered = Tu n'es pas inscrit à ce sit & go.
error-tournament-started = Ce sit & go a commencé : les inscriptions sont closes.
error-tournament-full = Ce sit & go est complet : tous les sièges sont pris.
error-tournament-host-starts = Seul l'hôte peut démarrer le sit & go avant que tous les sièges soient pris.
error-tournament-two = Il faut au moins deux inscrits pour démarrer un sit & go.
error-tournament-join = Cette table est un sit & go : on s'inscrit avec **S'inscrire** avant le départ, et personne ne rejoint ensuite.
error-tournament-end = Un sit & go se termine quand un joueur a tous les jetons ; `/poker tournoi annuler` l'arrête.
error-tournament-bots = Les joueurs ordinateur d'un sit & go s'inscrivent à son ouverture (`/poker tournoi nouveau bots:`).
error-tournament-cancel-started = Une fois un sit & go commencé, seul quelqu'un avec Gérer le serveur peut l'annuler.
error-tournament-cancel-host = Seul l'hôte ou quelqu'un avec Gérer le serveur peut annuler ce sit & go.
error-tournament-left = Tu as quitté ce sit & go pour de bon : le croupier joue pour toi jusqu'à ce que tes jetons soient partis.
error-no-tournament = Il n'y a pas de sit & go dans ce salon.

## Commandes slash

cmd-desc-poker = Distribuer du stud et du 2-7 Triple Draw à la table de ce salon
cmd-desc-poker-admin = Admins du serveur : jetons et réglages
cmd-desc-new = Ouvrir une table dans ce salon
cmd-desc-join = Prendre un siège (les jetons viennent de ton portefeuille)
cmd-desc-leave = Quitter la table (ton tapis revient)
cmd-desc-start = Distribuer la première main
cmd-desc-end = Fermer la table après cette main
cmd-desc-sitout = Passer absent dès la prochaine main
cmd-desc-back = Rejouer après une absence
cmd-desc-balance = Un portefeuille sur ce serveur, et les jetons sur les tables
cmd-desc-daily = Tes jetons du jour, une fois toutes les 24 heures
cmd-desc-rules = La fiche courte des règles d'un jeu
cmd-desc-stats = Les mains, gains et jetons nets d'un joueur
cmd-desc-leaderboard = Les joueurs les plus riches du serveur
cmd-desc-ledger = Les derniers mouvements de jetons d'un portefeuille
cmd-desc-give = Donner des jetons de ton portefeuille à un autre joueur
cmd-desc-history = Une main que tu as jouée, en fichier PHH et en récit
cmd-desc-cards = Voir tes cartes dans la main en cours
cmd-desc-settings = Tes préférences : les cartes en quatre couleurs
cmd-desc-notify = Être notifié quand c'est à toi de jouer (sur ce serveur)
cmd-desc-bots = Ajouter des joueurs ordinateur à cette table (hôte ou Gérer le serveur)
cmd-desc-help = Ouvrir une table, jouer, et le reste
cmd-desc-seed = Choisir ta propre graine pour le mélange de chaque main
cmd-desc-verify = Révéler les graines et le paquet d'une main finie
cmd-desc-grant = Donner à un membre des jetons de la maison
cmd-desc-take = Retirer des jetons du portefeuille d'un membre
cmd-desc-config = Voir ou changer les réglages poker de ce serveur
opt-desc-new-variant = Le jeu
opt-desc-new-small_bet = Petite mise (la grosse mise en est le double)
opt-desc-new-ante = Ante (jeux de stud)
opt-desc-new-bring_in = Bring-in (jeux de stud)
opt-desc-new-min_buy_in = Plus petite cave
opt-desc-new-max_buy_in = Plus gros tapis qu'un joueur peut apporter
opt-desc-new-max_players = Sièges à la table
opt-desc-new-action_seconds = Secondes pour jouer (10 à 600)
opt-desc-new-time_bank = Secondes en plus pour chaque joueur quand l'horloge est écoulée (0 à 600)
opt-desc-new-bots = Joueurs ordinateur (0 à 7 ; un siège reste pour toi ; jetons d'entraînement par défaut)
opt-desc-new-games = Jeux mixtes : les jeux à tour de rôle, ex. razz, stud_hi_lo, triple_draw (par défaut : les cinq)
opt-desc-new-hands_per_game = Jeux mixtes : mains de chaque jeu avant le suivant (1 à 50 ; par défaut : 6)
opt-desc-new-bot_level = Le niveau des joueurs ordinateur (par défaut : standard)
opt-desc-join-buy_in = Jetons à apporter (par défaut : la cave de la table)
opt-desc-whose = De qui (par défaut : toi)
opt-desc-rules-variant = Le jeu (par défaut : la table de ce salon)
opt-desc-stats-variant = Un jeu (par défaut : tous)
opt-desc-ledger-user = De qui (par défaut : toi ; les autres demandent Gérer le serveur)
opt-desc-give-user = Qui les reçoit
opt-desc-take-user = À qui
opt-desc-amount = Combien
opt-desc-reason = Pourquoi (gardé dans le registre)
opt-desc-history-hand_id = Le numéro après Main # (par défaut : ta dernière main ici)
opt-desc-history-last = À la place : tes 1 à 50 dernières mains ici, dans un fichier .phhs
opt-desc-seed-text = Jusqu'à 64 lettres, chiffres ou signes ; laisse vide pour le hasard
opt-desc-notify-state = oui : un message te notifie à chaque tour ; non : aucun (par défaut : ton choix actuel)
opt-desc-bots-count = Combien de joueurs ordinateur s'assoient ici (de 0 au nombre de sièges libres)
opt-desc-bots-level = Leur niveau (par défaut : le niveau actuel, standard au départ)
opt-desc-help-topic = Le sujet (par défaut : ouvrir une table)
opt-desc-verify-hand_id = Le numéro après Main # dans un résumé
opt-desc-settings-four_colour = Les images de tes cartes en quatre couleurs (♦ bleu, ♣ vert)
opt-desc-config-starting_balance = Jetons d'un nouveau portefeuille
opt-desc-config-daily_amount = Jetons de /poker quotidien
opt-desc-config-default_game = Le jeu de /poker nouvelle quand aucun n'est nommé
opt-desc-config-game = Le jeu auquel petite_mise et secondes_action s'appliquent (par défaut : le jeu par défaut)
opt-desc-config-small_bet = Petite mise par défaut de ce jeu
opt-desc-config-action_seconds = Horloge par défaut de ce jeu (10 à 600)
opt-desc-config-tables = Où /poker nouvelle peut ouvrir des tables
opt-desc-config-language = Langue des messages publics
opt-desc-config-table_pictures = Une image des tables de stud à chaque tour (une modification de message de plus par tour)
opt-desc-config-idle_minutes = Minutes sans main distribuée avant la fermeture d'une table (5 à 1 440)
opt-desc-config-commands_per_minute = Commandes et clics qu'un membre peut envoyer par minute (5 à 600)
opt-desc-config-member_seats = Sièges qu'un membre peut occuper à la fois, sur toutes les tables (1 à 50)
opt-desc-config-host_tables = Tables dont un membre peut être l'hôte à la fois (1 à 50)
opt-desc-config-computer_stakes = L'enjeu des tables avec des joueurs ordinateur (par défaut : jetons d'entraînement)
opt-desc-config-house_cap = En jetons réels : gains nets d'un membre par jour à ces tables (par défaut : les jetons du jour)

cmd-desc-tournament = Tournois sit & go
cmd-desc-tournament-new = Ouvrir un sit & go ici : inscriptions, puis jeu jusqu'à un seul gagnant
cmd-desc-tournament-standings = Places et jetons du sit & go de ce salon
cmd-desc-tournament-cancel = Annuler le sit & go de ce salon (remboursements ; une fois commencé, Gérer le serveur)
opt-desc-tournament-new-variant = Le jeu
opt-desc-tournament-new-seats = Nombre de sièges, donc d'inscrits au plus (de 2 au maximum du jeu)
opt-desc-tournament-new-buy_in = Jetons que chaque inscrit verse à la cagnotte (par défaut : 500)
opt-desc-tournament-new-starting_chips = Jetons de tournoi de chaque inscrit au départ (100 à 1 000 000 ; par défaut : 1 500)
opt-desc-tournament-new-level_hands = Mains par niveau avant que les mises montent (1 à 100 ; par défaut : 8)
opt-desc-tournament-new-bots = Joueurs ordinateur à inscrire tout de suite (jetons d'entraînement par défaut)
opt-desc-tournament-new-games = Jeux mixtes : les jeux à tour de rôle, ex. razz, stud_hi_lo, triple_draw (par défaut : les cinq)
opt-desc-tournament-new-hands_per_game = Jeux mixtes : mains de chaque jeu avant le suivant (1 à 50 ; par défaut : 6)
opt-desc-tournament-new-bot_level = Le niveau des joueurs ordinateur (par défaut : standard)

## Noms des commandes et des options

cmd-name-poker = poker
cmd-name-poker-tournament = tournoi
cmd-name-poker-tournament-new = nouveau
cmd-name-poker-tournament-standings = classement
cmd-name-poker-tournament-cancel = annuler
opt-name-seats = sièges
opt-name-starting_chips = jetons_de_départ
opt-name-level_hands = mains_par_niveau
cmd-name-poker-admin = poker-admin
cmd-name-poker-admin-config = réglages
cmd-name-poker-admin-grant = accorder
cmd-name-poker-admin-take = retirer
cmd-name-poker-back = retour
cmd-name-poker-balance = solde
cmd-name-poker-cards = cartes
cmd-name-poker-daily = quotidien
cmd-name-poker-end = fermer
cmd-name-poker-give = donner
cmd-name-poker-history = historique
cmd-name-poker-help = aide
cmd-name-poker-join = rejoindre
cmd-name-poker-leaderboard = classement
cmd-name-poker-leave = quitter
cmd-name-poker-ledger = registre
cmd-name-poker-new = nouvelle
cmd-name-poker-notify = notifier
cmd-name-poker-bots = bots
cmd-name-poker-rules = règles
cmd-name-poker-seed = graine
cmd-name-poker-settings = préférences
cmd-name-poker-sitout = absent
cmd-name-poker-start = démarrer
cmd-name-poker-stats = stats
cmd-name-poker-verify = vérifier
opt-name-action_seconds = secondes_action
opt-name-amount = montant
opt-name-ante = ante
opt-name-bring_in = bring_in
opt-name-buy_in = cave
opt-name-daily_amount = jetons_du_jour
opt-name-default_game = jeu_par_défaut
opt-name-four_colour = quatre_couleurs
opt-name-game = jeu
opt-name-hand_id = main
opt-name-language = langue
opt-name-last = dernières
opt-name-max_buy_in = cave_max
opt-name-max_players = joueurs_max
opt-name-min_buy_in = cave_min
opt-name-reason = raison
opt-name-small_bet = petite_mise
opt-name-starting_balance = solde_de_départ
opt-name-state = état
opt-name-table_pictures = images_table
opt-name-idle_minutes = minutes_inactivité
opt-name-commands_per_minute = commandes_par_minute
opt-name-member_seats = sièges_par_membre
opt-name-host_tables = tables_hôte
opt-name-computer_stakes = enjeu_ordinateurs
opt-name-house_cap = plafond_maison
opt-name-tables = tables
opt-name-text = texte
opt-name-time_bank = temps_additionnel
opt-name-bots = bots
opt-name-bot_level = niveau_bots
opt-name-games = jeux
opt-name-hands_per_game = mains_par_jeu
opt-name-count = nombre
opt-name-level = niveau
opt-name-topic = sujet
opt-name-user = membre
opt-name-variant = jeu

## tournois multi-tables (issue 44, RÈGLES §11)
cmd-desc-tournament-schedule = Programmer un tournoi multi-tables dans ce salon (Gérer le serveur)
cmd-desc-tournament-list = Les soirées tournoi du serveur, à venir et en cours
cmd-desc-tournament-results = Les dernières soirées tournoi du serveur et leurs gagnants
cmd-name-poker-tournament-schedule = programmer
cmd-name-poker-tournament-list = liste
cmd-name-poker-tournament-results = résultats
opt-name-starts_at = début_à
opt-name-starts_in = début_dans
opt-name-level_minutes = minutes_par_niveau
opt-name-late_levels = inscriptions_tardives
opt-name-name = nom
opt-name-time_zone = fuseau_horaire
opt-name-host_role = rôle_hôte
opt-name-no_host_role = sans_rôle_hôte
opt-desc-tournament-schedule-variant = Le jeu, ou Jeux mixtes avec l'option jeux
opt-desc-tournament-schedule-starts_at = Heure de début, AAAA-MM-JJ HH:MM, fuseau horaire du serveur (ou début_dans)
opt-desc-tournament-schedule-starts_in = Début dans ce nombre de minutes (ou début_à)
opt-desc-tournament-schedule-buy_in = Jetons que chaque inscrit verse à la cagnotte (par défaut : 500)
opt-desc-tournament-schedule-starting_chips = Jetons de tournoi de chaque inscrit au départ (par défaut : 1 500)
opt-desc-tournament-schedule-level_minutes = Durée d'un niveau en minutes, une seule horloge pour toutes les tables (par défaut : 12)
opt-desc-tournament-schedule-late_levels = Les inscriptions restent ouvertes jusqu'à la fin de ce niveau (par défaut : 2)
opt-desc-tournament-schedule-seats = Joueurs au plus par table (par défaut : le maximum du jeu)
opt-desc-tournament-schedule-name = Le nom du tournoi
opt-desc-tournament-schedule-bots = Joueurs ordinateur à inscrire tout de suite
opt-desc-tournament-schedule-bot_level = Le niveau des joueurs ordinateur (par défaut : standard)
opt-desc-tournament-schedule-games = Jeux mixtes : les jeux à tour de rôle, ex. razz, stud_hi_lo, triple_draw
opt-desc-tournament-schedule-hands_per_game = Jeux mixtes : mains de chaque jeu avant le suivant (1 à 50)
opt-desc-config-time_zone = Fuseau horaire de l'heure de début des soirées tournoi, ex. Europe/Paris (par défaut : UTC)
opt-desc-config-host_role = Un rôle dont les membres peuvent programmer et annuler des soirées tournoi
opt-desc-config-no_host_role = Seuls les membres avec Gérer le serveur programment les soirées tournoi
button-night-register = S'inscrire
button-night-unregister = Se désinscrire
night-lobby-head = **{ $name }** · { $game } · tournoi multi-tables
night-lobby-terms = Début { $start } · { $buy_in ->
    [0] inscription gratuite
   *[other] cave { $buy_in }
} · tapis de départ { $chips } · niveaux de { $minutes } { $minutes ->
    [one] minute
   *[other] minutes
} · { $seats } joueurs par table
night-lobby-entrants = Inscrits ({ $count }) : { $players }
night-more = {" "}et { $count ->
    [one] un autre
   *[other] { $count } autres
}
night-board-level = Niveau { $level } · niveau suivant { $next }
night-board-left = Joueurs restants : { $left } sur { $entrants } · tapis moyen { $average }
night-board-paid = { $paid ->
    [one] Place payée
   *[other] Places payées
} : { $paid }{ $pool ->
    [0] {""}
   *[other] {" "}· cagnotte { $pool }
}
night-board-hand-for-hand = Main par main : les tables jouent chaque main en même temps.
night-board-table = Table { $number } : { $players }
night-board-ended = Terminé : les résultats sont ci-dessous.
night-board-cancelled = Annulé : toutes les caves ont été remboursées.
night-no-event = Je n'ai pas la permission de gérer les évènements de ce serveur : le tournoi n'a donc pas d'évènement Discord (accorde-moi Gérer les évènements pour les prochains). Tout le reste fonctionne.
night-event-description = Un tournoi de poker multi-tables : inscris-toi depuis son message dans le salon.
night-registered = Tu es inscrit à { $name }{ $buy_in ->
    [0] {""} (inscription gratuite).
   *[other] {" "}: { $buy_in } { $buy_in ->
        [one] jeton prélevé
       *[other] jetons prélevés
    } sur ton portefeuille.
}
night-unregistered = Tu es désinscrit : { $chips } { $chips ->
    [one] jeton est
   *[other] jetons sont
} de retour dans ton portefeuille.
night-already-registered = Tu es déjà inscrit.
night-not-registered = Tu n'es pas inscrit.
night-registration-closed = Les inscriptions à ce tournoi sont closes.
error-night-host = Seuls l'hôte du tournoi, les membres avec Gérer le serveur et ceux du rôle que le serveur a choisi pour les soirées tournoi peuvent faire cela.
night-cancel-done = C'est fait : le tournoi est annulé et chaque cave remboursée.
night-list-none = Aucune soirée tournoi n'est programmée sur ce serveur.
night-past-head = Jouée le { $day }
night-past-none = Aucune soirée tournoi n'est encore terminée sur ce serveur.
night-list-line = **{ $name }** · { $start } · { $channel } · { $entrants } { $entrants ->
    [one] inscrit
   *[other] inscrits
}{ $playing ->
    [yes] {" "}· en cours
   *[no] {""}
}
night-reminder = **{ $name }** commence { $start } : préparez-vous.
night-thread-name = { $title } · Table { $number }
notice-night-moved-in = { $mention } a été déplacé à cette table.
notice-night-moved-out = { $name } passe à la table { $number }.
notice-night-broken = Cette table est cassée : ses joueurs passent à d'autres tables.
notice-night-final = Table finale : tous les joueurs encore en lice passent à la table { $number }.
notice-night-abandoned = Plus aucun joueur encore en lice n'a joué depuis { $minutes } minutes : le tournoi s'arrête ici et la cagnotte est partagée au prorata des tapis.
night-abandoned = Plus aucun joueur encore en lice n'avait joué depuis { $minutes } minutes : le tournoi s'est arrêté là et la cagnotte a été partagée au prorata des tapis.
night-board-abandoned = Terminé : plus aucun joueur encore en lice ne jouait ; les résultats sont ci-dessous.
night-moved-dm = { $name } : tu as été déplacé à la table { $number }, { $thread }. Tes jetons te suivent.
night-finish-dm = Tu termines à la { $place } place sur { $entrants } à « { $name } » ({ $channel }).
night-prize-dm = « { $name } » est terminé : tu termines à la { $place } place et { $chips } { $chips ->
    [one] jeton est
   *[other] jetons sont
} dans ton portefeuille.
night-results = **Tournoi terminé : { $name }** · { $entrants } inscrits{ $pool ->
    [0] {""}
   *[other] {" "}· cagnotte { $pool }
}
night-default-name = Soirée tournoi
permission-create-threads = Créer des fils publics
error-night-in-thread = Une soirée tournoi se programme dans un salon, pas dans un fil : ses tables sont des fils de ce salon.
error-night-table-cancel = Cette table fait partie d'une soirée tournoi : elle ne peut pas être annulée seule.
night-registered-late = Tu es inscrit à { $name } : ta place est à { $table }, tu reçois des cartes dès sa prochaine main.
cmd-name-poker-admin-season = saison
cmd-name-poker-admin-season-start = commencer
cmd-name-poker-admin-season-end = terminer
cmd-desc-season = Les saisons du serveur : les classements comptent ce qui s'y passe
cmd-desc-season-start = Commencer une saison maintenant : ses classements partent de zéro
cmd-desc-season-end = Terminer la saison en cours : ses classements sont figés
opt-name-ends = fin
opt-name-reset_wallets = remettre_portefeuilles
opt-name-board = classement
opt-name-season = saison
opt-desc-season-start-name = Le nom de la saison, ex. Hiver 2026
opt-desc-season-start-ends = Son dernier jour, AAAA-MM-JJ dans le fuseau du serveur (elle se termine alors d'elle-même)
opt-desc-season-start-reset_wallets = Remettre chaque portefeuille au solde de départ (par défaut : non)
opt-desc-leaderboard-board = Quel classement : points de tournoi ou tables cash (par défaut : les portefeuilles les plus riches)
opt-desc-leaderboard-season = Le nom d'une saison (par défaut : la saison en cours)
choice-board-points = points de tournoi
choice-board-cash = tables cash
reason-season-reset = portefeuille remis au solde de départ pour la nouvelle saison
season-started = **Saison { $name }** : elle commence maintenant{ $ends ->
        [none] {""}
       *[other] {" "}et se termine le { $ends }
    } ; ses classements partent de zéro (/poker classement).{ $reset ->
        [yes] {" "}Chaque portefeuille a été remis à { $balance } { $balance ->
            [one] jeton
           *[other] jetons
        }.
       *[no] {""}
    }
season-ended = **Saison { $name }** terminée : ses classements sont figés (/poker classement saison:{ $name }).
error-season-running = La saison { $name } est en cours : termine-la d'abord (/poker-admin saison terminer).
error-season-name = Une saison s'appelle déjà { $name } : choisis un autre nom.
error-season-ends = Le dernier jour d'une saison doit être aujourd'hui ou plus tard.
error-season-date = { $given } n'est pas une date : écris-la AAAA-MM-JJ.
error-season-none = Aucune saison n'est en cours.
error-season-unknown = Aucune saison ne s'appelle { $name }.{ $count ->
        [0] {" "}Ce serveur n'a encore eu aucune saison.
       *[other] {" "}Saisons : { $names }.
    }
board-points-head = **Points de tournoi** · { $span }
board-cash-head = **Tables cash** · { $span }
board-span-season = saison { $name }, du { $from } au { $to }
board-span-running = saison { $name }, depuis le { $from }
board-span-since = depuis le { $from }
board-span-ever = depuis la première main
board-points = { $points } { $points ->
    [one] point
   *[other] points
}
board-season-line = { $rank }. { $name } · { $value }
board-season-you = Toi : n° { $rank } · { $value }
board-season-empty = Personne n'est encore dans ce classement.
board-picture-title-points = Points de tournoi
board-picture-title-cash = Tables cash
stats-season = { $span } : { $points }{ $rank ->
        [0] {""}
       *[other] {" "}· { $place } aux points
    }{ $cash ->
        [none] {""}
       *[other] {" "}· tables cash { $cash }
    }
season-chart-title = { $name } · cette saison
season-chart-cash = Tables cash : { $net } en { $hands } { $hands ->
    [one] main
   *[other] mains
}
notice-invited = { $name } est invité à cette table privée.
notice-uninvited = { $name } n'est plus invité ici ; s'il joue une main, il la termine puis part avec son tapis.
error-private-table = C'est privé : seuls l'hôte et les membres qu'il invite peuvent s'asseoir ou s'inscrire ici (demande à l'hôte un /poker inviter).
error-not-private = Cette table n'est pas privée : tout le monde peut s'y asseoir.
error-private-host = Seul l'hôte de cette table privée peut inviter ou désinviter des membres.
error-already-invited = { $name } est déjà invité.
error-not-invited = { $name } n'est pas invité ici.
error-invited-full = Une table privée invite au plus { $most } membres.
error-private-in-thread = Une table privée ouvre son propre fil privé : utilise cette commande dans un salon textuel, pas dans un fil.
error-invite-bot = Les joueurs ordinateur et les bots n'ont pas besoin d'invitation.
permission-create-private-threads = Créer des fils privés
private-thread-name = Table privée de { $host }
private-opened = Ta table privée est ouverte dans { $thread } : seuls toi et les membres que tu invites la voient. Invite-les là-bas avec /poker inviter.
private-invited = { $name } est invité : il voit maintenant ce fil et peut s'asseoir.
private-uninvited = { $name } n'est plus invité.
cmd-name-poker-invite = inviter
cmd-name-poker-uninvite = désinviter
cmd-desc-invite = Inviter un membre à ta table privée (hôte seulement)
cmd-desc-uninvite = Retirer l'invitation d'un membre à ta table privée (hôte seulement)
opt-name-member = membre
opt-name-private = privée
opt-desc-invite-member = Le membre à inviter
opt-desc-uninvite-member = Le membre dont tu retires l'invitation
opt-desc-new-private = L'ouvrir dans un fil privé que seuls toi et tes invités voient (par défaut : non)
opt-desc-tournament-new-private = L'ouvrir dans un fil privé que seuls toi et tes invités voient (par défaut : non)
private-night-opened = Ta soirée tournoi privée est dans { $thread } : son inscription, son tableau et ses résultats y sont, ses tables dans des fils privés. Invite des membres là-bas avec /poker inviter.
opt-desc-tournament-schedule-private = Inscription et tables dans des fils privés, pour toi et tes invités seulement (défaut : non)
