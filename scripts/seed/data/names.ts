// Common first names per served country, for demo profiles of adults aged 18–75: each list mixes names
// popular with older generations and with younger ones. Multilingual countries (BE, CA, CH) mix their
// language communities; NZ includes a few common Māori names.

// biome-ignore format: keep the name lists compact, ten to a line
export const firstNames: Record<string, { male: readonly string[]; female: readonly string[] }> = {
  US: {
    male: [
      "James", "John", "Robert", "Michael", "William", "David", "Richard", "Joseph", "Thomas", "Christopher",
      "Charles", "Daniel", "Matthew", "Anthony", "Mark", "Steven", "Paul", "Andrew", "Joshua", "Kevin",
      "Brian", "Ryan", "Jason", "Justin", "Brandon", "Tyler", "Jacob", "Ethan", "Nathan", "Gary",
    ],
    female: [
      "Mary", "Patricia", "Jennifer", "Linda", "Elizabeth", "Barbara", "Susan", "Jessica", "Sarah", "Karen",
      "Nancy", "Lisa", "Sandra", "Ashley", "Emily", "Michelle", "Amanda", "Melissa", "Stephanie", "Rebecca",
      "Laura", "Amy", "Megan", "Hannah", "Samantha", "Brittany", "Lauren", "Madison", "Olivia", "Kimberly",
    ],
  },
  NL: {
    male: [
      "Jan", "Johannes", "Cornelis", "Hendrik", "Pieter", "Willem", "Gerrit", "Dirk", "Kees", "Henk",
      "Peter", "Marco", "Martijn", "Mark", "Dennis", "Jeroen", "Bas", "Niels", "Sander", "Tim",
      "Thijs", "Daan", "Bram", "Lars", "Sem", "Ruben", "Jesse", "Stijn", "Rik", "Wouter",
    ],
    female: [
      "Maria", "Johanna", "Anna", "Cornelia", "Elisabeth", "Wilhelmina", "Ingrid", "Monique", "Sandra", "Linda",
      "Marieke", "Esther", "Anouk", "Femke", "Sanne", "Lisa", "Emma", "Laura", "Eva", "Sophie",
      "Lotte", "Iris", "Fleur", "Julia", "Naomi", "Anne", "Marloes", "Ilse", "Kim", "Mirjam",
    ],
  },
  BE: {
    male: [
      "Jean", "Luc", "Marc", "Patrick", "Dirk", "Jan", "Pieter", "Koen", "Bart", "Filip",
      "Wim", "Geert", "Kris", "Tom", "Thomas", "Nicolas", "Julien", "Maxime", "Arnaud", "Olivier",
      "Pierre", "Philippe", "Michel", "Stijn", "Jens", "Wout", "Lucas", "Arthur", "Louis", "Noah",
    ],
    female: [
      "Marie", "Maria", "Martine", "Monique", "Christine", "Annick", "Veerle", "Katrien", "An", "Els",
      "Sofie", "Lien", "Nathalie", "Isabelle", "Sarah", "Julie", "Laura", "Charlotte", "Elise", "Emma",
      "Louise", "Manon", "Camille", "Lotte", "Hanne", "Ellen", "Céline", "Sylvie", "Ann", "Nele",
    ],
  },
  FR: {
    male: [
      "Jean", "Pierre", "Michel", "Philippe", "Alain", "Patrick", "Nicolas", "Christophe", "Laurent", "Frédéric",
      "Stéphane", "Sébastien", "Julien", "David", "Olivier", "Éric", "Thierry", "François", "Vincent", "Jérôme",
      "Guillaume", "Romain", "Antoine", "Maxime", "Alexandre", "Thomas", "Hugo", "Lucas", "Théo", "Mathieu",
    ],
    female: [
      "Marie", "Nathalie", "Isabelle", "Sylvie", "Catherine", "Françoise", "Christine", "Monique", "Valérie",
      "Sandrine", "Stéphanie", "Céline", "Aurélie", "Julie", "Émilie", "Camille", "Léa", "Manon", "Chloé",
      "Sarah", "Laura", "Pauline", "Mathilde", "Élodie", "Caroline", "Sophie", "Hélène", "Anne", "Claire",
      "Virginie",
    ],
  },
  IT: {
    male: [
      "Giuseppe", "Giovanni", "Antonio", "Mario", "Luigi", "Francesco", "Angelo", "Vincenzo", "Pietro", "Salvatore",
      "Carlo", "Franco", "Domenico", "Bruno", "Paolo", "Roberto", "Marco", "Andrea", "Luca", "Stefano",
      "Alessandro", "Massimo", "Davide", "Simone", "Matteo", "Lorenzo", "Federico", "Riccardo", "Gabriele", "Fabio",
    ],
    female: [
      "Maria", "Anna", "Giuseppina", "Rosa", "Angela", "Giovanna", "Teresa", "Lucia", "Carmela", "Francesca",
      "Paola", "Laura", "Elena", "Chiara", "Sara", "Giulia", "Valentina", "Federica", "Alessandra", "Silvia",
      "Martina", "Roberta", "Simona", "Cristina", "Barbara", "Elisa", "Alice", "Sofia", "Aurora", "Monica",
    ],
  },
  ES: {
    male: [
      "Antonio", "José", "Manuel", "Francisco", "David", "Juan", "Javier", "Daniel", "Enrique", "Víctor",
      "Jesús", "Carlos", "Alejandro", "Miguel", "Rafael", "Pedro", "Pablo", "Ángel", "Sergio", "Fernando",
      "Jorge", "Luis", "Alberto", "Álvaro", "Adrián", "Diego", "Raúl", "Iván", "Rubén", "Hugo",
    ],
    female: [
      "María", "Carmen", "Ana", "Isabel", "Laura", "Cristina", "Marta", "Lucía", "Dolores", "Pilar",
      "Paula", "Elena", "Raquel", "Sara", "Rosa", "Manuela", "Mercedes", "Beatriz", "Nuria", "Silvia",
      "Julia", "Irene", "Patricia", "Andrea", "Rocío", "Alba", "Sofía", "Claudia", "Marina", "Teresa",
    ],
  },
  DE: {
    male: [
      "Peter", "Michael", "Thomas", "Andreas", "Wolfgang", "Klaus", "Jürgen", "Stefan", "Christian", "Uwe",
      "Frank", "Bernd", "Markus", "Matthias", "Sven", "Jörg", "Dirk", "Alexander", "Tobias", "Daniel",
      "Florian", "Sebastian", "Jan", "Lukas", "Felix", "Maximilian", "Jonas", "Leon", "Niklas", "Tim",
    ],
    female: [
      "Ursula", "Monika", "Petra", "Sabine", "Renate", "Helga", "Karin", "Brigitte", "Andrea", "Claudia",
      "Susanne", "Birgit", "Stefanie", "Nicole", "Katrin", "Julia", "Anna", "Laura", "Lena", "Sarah",
      "Lisa", "Jana", "Sophie", "Hannah", "Lea", "Marie", "Christina", "Jessica", "Melanie", "Anja",
    ],
  },
  AT: {
    male: [
      "Johann", "Franz", "Josef", "Karl", "Gerhard", "Herbert", "Günter", "Helmut", "Manfred", "Werner",
      "Andreas", "Thomas", "Michael", "Stefan", "Christian", "Markus", "Martin", "Wolfgang", "Alexander", "Daniel",
      "Florian", "Lukas", "David", "Tobias", "Jakob", "Paul", "Maximilian", "Elias", "Fabian", "Dominik",
    ],
    female: [
      "Maria", "Anna", "Elisabeth", "Theresia", "Johanna", "Gertraud", "Brigitte", "Monika", "Renate", "Andrea",
      "Sabine", "Claudia", "Barbara", "Karin", "Birgit", "Petra", "Katharina", "Julia", "Lisa", "Sarah",
      "Laura", "Christina", "Sandra", "Magdalena", "Viktoria", "Hannah", "Lena", "Sophie", "Verena", "Theresa",
    ],
  },
  IE: {
    male: [
      "Seán", "Patrick", "John", "Michael", "Declan", "Ciarán", "Conor", "Liam", "Eoin", "Cian",
      "Darragh", "Niall", "Brian", "Kevin", "Paul", "Thomas", "Martin", "Gerard", "Aidan", "Colm",
      "Fionn", "Oisín", "Shane", "Mark", "James", "Dermot", "Donal", "Cathal", "Pádraig", "Rory",
    ],
    female: [
      "Mary", "Siobhán", "Aoife", "Niamh", "Ciara", "Sinéad", "Róisín", "Gráinne", "Orla", "Caoimhe",
      "Emma", "Sarah", "Laura", "Catherine", "Margaret", "Bridget", "Ann", "Eileen", "Maeve", "Aisling",
      "Clodagh", "Deirdre", "Fiona", "Rachel", "Grace", "Sophie", "Emily", "Kate", "Áine", "Nuala",
    ],
  },
  GB: {
    male: [
      "David", "John", "Paul", "Andrew", "Mark", "James", "Richard", "Stephen", "Peter", "Michael",
      "Christopher", "Robert", "Ian", "Simon", "Gary", "Daniel", "Matthew", "Thomas", "Oliver", "Jack",
      "Harry", "George", "Charlie", "William", "Samuel", "Joshua", "Luke", "Callum", "Alan", "Graham",
    ],
    female: [
      "Susan", "Margaret", "Sarah", "Elizabeth", "Helen", "Karen", "Julie", "Claire", "Emma", "Rachel",
      "Nicola", "Lisa", "Joanne", "Louise", "Rebecca", "Laura", "Charlotte", "Sophie", "Hannah", "Emily",
      "Olivia", "Amelia", "Jessica", "Lucy", "Katie", "Chloe", "Gemma", "Victoria", "Alison", "Jennifer",
    ],
  },
  CA: {
    male: [
      "Michael", "David", "John", "Robert", "James", "Christopher", "Daniel", "Jason", "Kevin", "Ryan",
      "Matthew", "Andrew", "Brian", "Mark", "Tyler", "Brandon", "Justin", "Jonathan", "Eric", "Scott",
      "Liam", "Noah", "Ethan", "Jean", "Pierre", "Luc", "Marc", "Michel", "Sébastien", "Mathieu",
    ],
    female: [
      "Mary", "Jennifer", "Lisa", "Michelle", "Sarah", "Jessica", "Amanda", "Stephanie", "Emily", "Ashley",
      "Melissa", "Karen", "Susan", "Linda", "Nicole", "Megan", "Hannah", "Olivia", "Emma", "Chloé",
      "Isabelle", "Julie", "Marie", "Nathalie", "Geneviève", "Catherine", "Mélanie", "Heather", "Kimberly", "Laura",
    ],
  },
  PL: {
    male: [
      "Piotr", "Krzysztof", "Andrzej", "Tomasz", "Paweł", "Jan", "Michał", "Marcin", "Stanisław", "Jakub",
      "Adam", "Marek", "Łukasz", "Grzegorz", "Mateusz", "Wojciech", "Mariusz", "Dariusz", "Zbigniew", "Jerzy",
      "Maciej", "Rafał", "Kamil", "Robert", "Józef", "Kacper", "Bartosz", "Szymon", "Dawid", "Sebastian",
    ],
    female: [
      "Anna", "Katarzyna", "Maria", "Małgorzata", "Agnieszka", "Barbara", "Ewa", "Krystyna", "Elżbieta",
      "Magdalena", "Joanna", "Zofia", "Aleksandra", "Monika", "Teresa", "Danuta", "Natalia", "Karolina", "Marta",
      "Beata", "Dorota", "Halina", "Jadwiga", "Julia", "Justyna", "Paulina", "Weronika", "Wiktoria", "Agata",
      "Iwona",
    ],
  },
  AU: {
    male: [
      "Michael", "David", "John", "Peter", "Andrew", "Mark", "Paul", "Robert", "Matthew", "Daniel",
      "Christopher", "Jason", "Scott", "Shane", "Craig", "Brett", "Darren", "Luke", "Ben", "Nathan",
      "Jack", "Oliver", "William", "Thomas", "Lachlan", "Joshua", "James", "Liam", "Mitchell", "Ryan",
    ],
    female: [
      "Margaret", "Susan", "Jennifer", "Karen", "Michelle", "Lisa", "Sarah", "Jessica", "Rebecca", "Emma",
      "Kylie", "Nicole", "Melissa", "Amanda", "Rachel", "Kate", "Chloe", "Olivia", "Charlotte", "Mia",
      "Ella", "Sophie", "Emily", "Hannah", "Georgia", "Lauren", "Tayla", "Megan", "Helen", "Julie",
    ],
  },
  NZ: {
    male: [
      "John", "David", "Peter", "Michael", "Mark", "Paul", "Andrew", "Richard", "Stephen", "Craig",
      "Grant", "Shane", "Daniel", "Matthew", "James", "Samuel", "Benjamin", "Jack", "Oliver", "William",
      "Thomas", "Liam", "Hamish", "Lachlan", "Jacob", "Joshua", "Nikau", "Tama", "Wiremu", "Rawiri",
    ],
    female: [
      "Margaret", "Susan", "Christine", "Karen", "Michelle", "Sarah", "Rachel", "Nicola", "Emma", "Kate",
      "Rebecca", "Hannah", "Jessica", "Olivia", "Charlotte", "Isla", "Ruby", "Sophie", "Grace", "Amelia",
      "Emily", "Georgia", "Anna", "Lucy", "Megan", "Aroha", "Mere", "Anahera", "Kiri", "Helen",
    ],
  },
  CH: {
    male: [
      "Hans", "Peter", "Daniel", "Thomas", "Martin", "Christian", "Andreas", "Markus", "Stefan", "Urs",
      "Beat", "Marco", "Reto", "Patrick", "Michael", "Lukas", "David", "Simon", "Luca", "Noah",
      "Jonas", "Nicolas", "Pierre", "Jean", "Philippe", "Laurent", "Fabio", "Matteo", "Samuel", "Roger",
    ],
    female: [
      "Maria", "Ursula", "Ruth", "Verena", "Elisabeth", "Barbara", "Monika", "Sandra", "Nicole", "Daniela",
      "Andrea", "Claudia", "Karin", "Priska", "Corinne", "Sarah", "Laura", "Anna", "Lea", "Mia",
      "Julia", "Nina", "Céline", "Sophie", "Chiara", "Marie", "Nathalie", "Isabelle", "Franziska", "Sabrina",
    ],
  },
  DK: {
    male: [
      "Jens", "Peter", "Lars", "Michael", "Henrik", "Søren", "Niels", "Anders", "Thomas", "Jan",
      "Hans", "Morten", "Jesper", "Martin", "Rasmus", "Christian", "Mads", "Kasper", "Mikkel", "Frederik",
      "Jonas", "Mathias", "Emil", "Magnus", "Oliver", "William", "Lucas", "Poul", "Ole", "Kim",
    ],
    female: [
      "Anne", "Kirsten", "Hanne", "Mette", "Anna", "Helle", "Susanne", "Lene", "Maria", "Marianne",
      "Lone", "Camilla", "Pia", "Louise", "Charlotte", "Bente", "Tina", "Inge", "Julie", "Sofie",
      "Ida", "Emma", "Freja", "Laura", "Caroline", "Mathilde", "Maja", "Signe", "Cecilie", "Line",
    ],
  },
  FI: {
    male: [
      "Juha", "Timo", "Matti", "Kari", "Mikko", "Jari", "Antti", "Jukka", "Mika", "Markku",
      "Pekka", "Hannu", "Heikki", "Seppo", "Janne", "Ari", "Sami", "Petri", "Ville", "Tuomas",
      "Jussi", "Lauri", "Joni", "Teemu", "Eero", "Aleksi", "Juho", "Onni", "Eetu", "Veikko",
    ],
    female: [
      "Anna", "Maria", "Helena", "Johanna", "Anneli", "Kaarina", "Marjatta", "Liisa", "Tuula", "Päivi",
      "Sari", "Pirjo", "Leena", "Riitta", "Minna", "Tiina", "Anne", "Sanna", "Laura", "Heidi",
      "Katja", "Jenni", "Emilia", "Aino", "Sofia", "Venla", "Ella", "Eveliina", "Elina", "Hanna",
    ],
  },
  NO: {
    male: [
      "Jan", "Per", "Bjørn", "Ole", "Lars", "Kjell", "Knut", "Arne", "Svein", "Hans",
      "Geir", "Thomas", "Tor", "Morten", "Terje", "Odd", "Erik", "Martin", "Andreas", "Jon",
      "Anders", "Espen", "Kristian", "Magnus", "Henrik", "Jonas", "Sander", "Emil", "Mathias", "Håkon",
    ],
    female: [
      "Anne", "Inger", "Kari", "Marit", "Ingrid", "Liv", "Eva", "Berit", "Astrid", "Bjørg",
      "Hilde", "Anna", "Solveig", "Marianne", "Randi", "Ida", "Silje", "Nina", "Tone", "Camilla",
      "Kristin", "Hege", "Ingeborg", "Nora", "Emma", "Sara", "Thea", "Maria", "Julie", "Ragnhild",
    ],
  },
  SE: {
    male: [
      "Lars", "Karl", "Anders", "Johan", "Per", "Erik", "Mikael", "Nils", "Jan", "Lennart",
      "Peter", "Thomas", "Hans", "Bengt", "Fredrik", "Daniel", "Magnus", "Mattias", "Andreas", "Stefan",
      "Marcus", "Oscar", "Alexander", "Viktor", "Simon", "Gustav", "Emil", "Filip", "Lucas", "William",
    ],
    female: [
      "Maria", "Elisabeth", "Anna", "Kristina", "Margareta", "Eva", "Birgitta", "Karin", "Marie", "Ingrid",
      "Christina", "Linnéa", "Sofia", "Kerstin", "Lena", "Helena", "Emma", "Malin", "Sara", "Johanna",
      "Ulla", "Annika", "Camilla", "Jenny", "Elin", "Ida", "Hanna", "Julia", "Ebba", "Maja",
    ],
  },
};
