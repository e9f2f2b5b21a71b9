/** What the demo catalogue's products are called, by main and sub category (DEFAULT_CATEGORIES). */
export const PRODUCT_NAMES: Record<string, Record<string, readonly string[]>> = {
  Figures: {
    DC: ['Batman', 'Superman', 'Wonder Woman', 'The Flash', 'Aquaman', 'Harley Quinn', 'Joker'],
    MARVEL: ['Spider-Man', 'Iron Man', 'Captain America', 'Thor', 'Black Widow', 'Hulk', 'Loki'],
    STARWARS: ['Darth Vader', 'Yoda', 'Boba Fett', 'Ahsoka', 'Stormtrooper', 'Grogu'],
    INVINCIBLE: ['Invincible', 'Omni-Man', 'Atom Eve', 'Allen the Alien'],
    BEN10: ['Ben Tennyson', 'Heatblast', 'Four Arms', 'XLR8', 'Diamondhead'],
    ANIME: ['Goku', 'Naruto', 'Luffy', 'Sailor Moon', 'Levi Ackerman', 'Tanjiro'],
    INDEPENDENT: ['Cosmic Samurai', 'Neon Ronin', 'Clockwork Knight', 'Moss Golem', 'Star Witch'],
  },
  Fidgets: {
    Fidget_Spinners: ['Tri-Blade Spinner', 'Rainbow Spinner', 'Glow Spinner', 'Titanium Spinner'],
    Stress_Balls: ['Squishy Stress Ball', 'Galaxy Stress Ball', 'Mesh Squeeze Ball'],
    Puzzle_Toys: ['Infinity Cube', 'Twist Puzzle', 'Snake Puzzle'],
    Sensory_Toys: ['Pop Bubble Pad', 'Sensory Ring', 'Textured Fidget Pad'],
    Magnetic_Toys: ['Magnetic Rings', 'Ferrofluid Desk Toy', 'Magnetic Sculpture Kit'],
  },
  Decoration: {
    Seasonal: ['Winter Village Scene', 'Pumpkin Lantern', 'Spring Wreath'],
    Religious: ['Olive Wood Cross', 'Prayer Candle Holder', 'Lotus Incense Stand'],
    Home_Decor: ['Ceramic Vase', 'Woven Wall Basket', 'Table Lamp'],
    Office_Decor: ['Desk Planter', 'Brass Bookends', 'Motivational Plaque'],
    Wall_Art: ['Mountain Canvas Print', 'Abstract Poster', 'Retro Map Print'],
  },
  Widgets: {
    Home_Gadgets: ['Smart Night Light', 'Herb Keeper', 'Cable Organizer'],
    Office_Gadgets: ['Desk Fan', 'Monitor Stand', 'Wireless Charger'],
    DIY_Kits: ['Solder Starter Kit', 'Robot Arm Kit', 'Crystal Radio Kit'],
    Smart_Gadgets: ['Smart Plug', 'Weather Station', 'Bluetooth Tracker'],
  },
};

export const FIGURE_KINDS = ['Action Figure', 'Collector Statue', 'Mini Figure', 'Deluxe Figure', 'Bust'] as const;

export const ACCESSORY_NAMES = [
  'Display Stand',
  'Spare Hands Set',
  'Carry Case',
  'LED Base',
  'Weapon Pack',
  'Gift Box',
  'Replacement Bearings',
  'Wall Mount',
] as const;

export const DESCRIPTIONS = [
  'Hand-finished and numbered, straight from the studio.',
  'A shop favourite, packed in a collector-friendly box.',
  'Made to last, with careful paint work and crisp details.',
  'Small enough for a desk, striking enough for a shelf.',
  'Ships within two working days.',
] as const;

/** Demo price ranges in whole dollars, by main category. */
export const PRICE_RANGES: Record<string, [number, number]> = {
  Figures: [19, 149],
  Fidgets: [4, 24],
  Decoration: [9, 89],
  Widgets: [14, 79],
};

/** The default colours (DEFAULT_OPTIONS) as paint. */
export const COLOR_HEX: Record<string, string> = {
  red: '#e03131',
  blue: '#1971c2',
  green: '#2f9e44',
  yellow: '#f59f00',
  black: '#212529',
  white: '#f1f3f5',
  purple: '#7048e8',
  pink: '#d6336c',
  orange: '#f76707',
  gray: '#868e96',
  Gold: '#d4a017',
  Silver: '#adb5bd',
  multicolor: '#15aabf',
};

/** Words the bench's 100k generated products are named from. */
export const BULK_ADJECTIVES = [
  'Crimson',
  'Golden',
  'Silent',
  'Cosmic',
  'Rusty',
  'Neon',
  'Frozen',
  'Electric',
  'Ancient',
  'Lucky',
  'Velvet',
  'Iron',
  'Hidden',
  'Royal',
  'Wild',
  'Tiny',
  'Mighty',
  'Glass',
  'Shadow',
  'Solar',
] as const;

export const BULK_NOUNS = [
  'Dragon',
  'Spinner',
  'Knight',
  'Lantern',
  'Robot',
  'Phoenix',
  'Cube',
  'Samurai',
  'Vase',
  'Owl',
  'Rocket',
  'Wizard',
  'Tiger',
  'Compass',
  'Golem',
  'Clock',
  'Fox',
  'Planter',
  'Ranger',
  'Beacon',
  'Puzzle',
  'Kraken',
  'Ninja',
  'Charger',
  'Mermaid',
  'Sphinx',
  'Falcon',
  'Totem',
  'Yeti',
  'Comet',
] as const;
